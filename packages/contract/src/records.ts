/** Rows the server sends and the web reads as they are (one definition for both sides). */

/** A row of GET /sys/online/list (contract §4.11): one live session. */
export interface OnlineRecord {
  /** the user's id (JeecgBoot copies LoginUser into the row) */
  id: string;
  /** opaque session id (not the access token); posted back to force-logout */
  token: string;
  username: string;
  realname: string | null;
  avatar: string | null;
  birthday: string | null;
  sex: number | null;
  phone: string | null;
  /** sign-in time, yyyy-MM-dd HH:mm:ss */
  loginTime: string | null;
  /** last request seen, yyyy-MM-dd HH:mm:ss */
  lastActiveTime: string | null;
  ip: string | null;
  /** true on the row of the caller's own session */
  currentSession: boolean;
}

/** JeecgBoot TreeSelectModel of a category (/sys/category/loadTreeRoot, loadTreeChildren). */
export interface CategoryTreeNode {
  key: string;
  title: string;
  code: string;
  parentId: string;
  leaf: boolean;
  value: null;
  icon: null;
  children: CategoryTreeNode[] | null;
}
