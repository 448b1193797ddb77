import type { Request, Response } from 'express';
import type { Env } from '#shared/env';
import { cookieBase, SESSION_COOKIE } from '../../middleware/requester';
import type { AddressProof } from '../../services/address-proof';
import type { SessionGrant } from '../../services/session-service';

/** The sign-in cookies: the services hand out tokens, these put them in (or take them from) the browser. */
const PROOF_COOKIE = 'sheafLoginProof';
// Only the sign-in calls need the proof.
const PROOF_PATH = '/api/user';

export const sessionTokenOf = (req: Request): string | undefined => req.cookies?.[SESSION_COOKIE] as string | undefined;

export const addressProofOf = (req: Request): string | undefined => req.cookies?.[PROOF_COOKIE] as string | undefined;

export function setSessionCookie(env: Pick<Env, 'PUBLIC_URL'>, req: Request, res: Response, session: SessionGrant): void {
  res.cookie(SESSION_COOKIE, session.token, { ...cookieBase(env, req), path: '/', maxAge: session.maxAge });
}

export function clearSessionCookie(res: Response): void {
  res.clearCookie(SESSION_COOKIE, { path: '/' });
}

export function setAddressProofCookie(env: Pick<Env, 'PUBLIC_URL'>, req: Request, res: Response, proof: AddressProof): void {
  res.cookie(PROOF_COOKIE, proof.proof, { ...cookieBase(env, req), path: PROOF_PATH, maxAge: proof.maxAge });
}
