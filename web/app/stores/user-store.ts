import type { UserInfo, VipInfo } from '~/lib/user-api';

export type LoginType = 'reg' | 'login';

/**
 * The spec's user state. `signedIn` stands for the token: the session cookie is HttpOnly, so the
 * page knows of it from the server (the root loader, then the user calls).
 */
export interface UserState {
  signedIn: boolean;
  userInfo?: UserInfo;
  vipInfo?: VipInfo;
  uuid?: string;
  channel?: string;
  clientId?: string;
  loginType: LoginType;
  /** Where the last login popup was opened from (a source tag), cleared after a login. */
  loginFrom?: string;
}

export type UserAction =
  | { type: 'identify'; uuid: string; channel: string; clientId: string }
  /** userInfo kept locally from an earlier visit, shown until the server answers. */
  | { type: 'restore'; userInfo: UserInfo }
  | { type: 'signedIn'; userInfo: UserInfo; vipInfo: VipInfo }
  | { type: 'loggedOut' }
  | { type: 'loginType'; loginType: LoginType }
  | { type: 'loginFrom'; loginFrom?: string };

export const initialUser = (signedIn: boolean): UserState => ({ signedIn, loginType: 'login' });

export function userReducer(state: UserState, action: UserAction): UserState {
  switch (action.type) {
    case 'identify':
      return { ...state, uuid: action.uuid, channel: action.channel, clientId: action.clientId };
    case 'restore':
      return state.signedIn && !state.userInfo ? { ...state, userInfo: action.userInfo } : state;
    case 'signedIn':
      return { ...state, signedIn: true, userInfo: action.userInfo, vipInfo: action.vipInfo };
    case 'loggedOut':
      return { ...state, signedIn: false, userInfo: undefined, vipInfo: undefined };
    case 'loginType':
      return { ...state, loginType: action.loginType };
    case 'loginFrom':
      return { ...state, loginFrom: action.loginFrom };
  }
}

/** The avatar letter: the first letter of userName, upper-cased. */
export function avatarLetter(userName: string | undefined): string {
  const first = Array.from(userName?.trim() ?? '')[0];
  return first ? first.toLocaleUpperCase() : '?';
}
