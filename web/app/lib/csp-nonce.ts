import { createContext as createReactContext, useContext } from 'react';
import { createContext } from 'react-router';

/** The Content-Security-Policy nonce of the response being rendered, put there by the server entry's loadContext. */
export const cspNonceContext = createContext<string | undefined>(undefined);

/** The nonce inside the React tree, on the server; undefined in the browser, which needs none after load. */
export const CspNonce = createReactContext<string | undefined>(undefined);

export const useCspNonce = () => useContext(CspNonce);
