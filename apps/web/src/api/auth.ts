import type { LoginResult, SysUserInfo } from '@answer/contract';
import { http } from './http';

/** Sign-in, registration and password-reset calls of the login pages (contract §2). */

export interface LoginParams {
  username: string;
  password: string;
  captcha: string;
  checkKey: number | string;
  remember_me: boolean;
}

export interface PhoneLoginParams {
  mobile: string;
  captcha: string;
  remember_me?: boolean;
}

/** captcha image (data URL) for a key chosen by the client; the same key goes with the login as checkKey */
export function getCaptchaImage(key: number | string) {
  return http.get<string>(`/sys/randomImage/${key}`, undefined, { silent: true });
}

export function login(params: LoginParams) {
  return http.post<LoginResult>('/sys/login', params);
}

export function phoneLogin(params: PhoneLoginParams) {
  return http.post<LoginResult>('/sys/phoneLogin', params);
}

/** ends the server session of `token`; never treated as an expiry itself */
export function logout(token: string | null) {
  return http.post<null>('/sys/logout', {}, { token, ignoreExpiry: true, silent: true });
}

/** smsmode "0" login, "1" register, "2" forgotten password */
export function sendSms(mobile: string, smsmode: '0' | '1' | '2') {
  return http.post<unknown>('/sys/sms', { mobile, smsmode });
}

export function thirdLogin(token: string, thirdType: string) {
  return http.get<LoginResult>(
    `/sys/thirdLogin/getLoginUser/${encodeURIComponent(token)}/${encodeURIComponent(thirdType)}`,
  );
}

export function selectDepart(orgCode: string, username: string) {
  return http.put<{ userInfo: SysUserInfo }>('/sys/selectDepart', { orgCode, username });
}

export interface RegisterParams {
  username?: string;
  password?: string;
  phone: string;
  smscode: string;
  email?: string;
}

export function register(params: RegisterParams) {
  return http.post<unknown>('/sys/user/register', params);
}

/** success:true when no user has all the given field values */
export function checkOnlyUser(params: Partial<Record<'username' | 'phone' | 'email', string>>) {
  return http.get<boolean>('/sys/user/checkOnlyUser', params, { silent: true });
}

export function phoneVerification(phone: string, smscode: string) {
  return http.post<{ smscode: string; username: string }>('/sys/user/phoneVerification', { phone, smscode });
}

export function passwordChange(params: { username: string; password: string; smscode: string; phone: string }) {
  return http.get<unknown>('/sys/user/passwordChange', params);
}
