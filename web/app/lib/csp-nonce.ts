import { createContext as createReactContext, useContext } from 'react';
import { createContext, type RouterContext } from 'react-router';

const KEY = Symbol.for('sheaf.csp-nonce');
const holder = globalThis as typeof globalThis & { [KEY]?: RouterContext<string | undefined> };

/**
 * The Content-Security-Policy nonce of the response being rendered, handed from the API to the
 * server entry. Like pageServicesContext, the key lives on globalThis: the API and the server bundle
 * each load their own copy of this module.
 */
export const cspNonceContext: RouterContext<string | undefined> = (holder[KEY] ??= createContext<string | undefined>(undefined));

/** The nonce inside the React tree, on the server; undefined in the browser, which needs none after load. */
export const CspNonce = createReactContext<string | undefined>(undefined);

export const useCspNonce = () => useContext(CspNonce);
