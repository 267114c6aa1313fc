/** Address book (contract §4.1 queryByOrgCodeForAddressList): contacts of a department and its sub-departments. */

export const ADDRESS_BOOK_URLS = {
  list: '/sys/user/queryByOrgCodeForAddressList',
  byOrgCode: '/sys/user/queryByOrgCode',
} as const;

export interface Contact {
  id: string;
  username: string;
  realname: string | null;
  workNo: string | null;
  avatar: string | null;
  sex: number | null;
  sex_dictText?: string;
  /** every department of the user, joined by "," */
  departName: string;
  /** position code(s) and names */
  post: string | null;
  post_dictText?: string;
  phone: string | null;
  telephone: string | null;
  email: string | null;
}
