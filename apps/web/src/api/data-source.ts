import { http } from './http';

/** 多数据源管理 (round 2 §3.2). The password is never sent back: an empty one on edit keeps the stored one. */

export const DATA_SOURCE_URLS = {
  list: '/sys/dataSource/list',
  add: '/sys/dataSource/add',
  edit: '/sys/dataSource/edit',
  delete: '/sys/dataSource/delete',
  deleteBatch: '/sys/dataSource/deleteBatch',
  queryById: '/sys/dataSource/queryById',
  options: '/sys/dataSource/options',
  testConnection: '/online/cgreport/api/testConnection',
  duplicateCheck: '/sys/duplicate/check',
} as const;

export interface SysDataSource {
  id: string;
  code: string;
  name: string | null;
  remark: string | null;
  dbType: string | null;
  dbType_dictText?: string | null;
  dbDriver: string | null;
  dbUrl: string | null;
  dbName: string | null;
  dbUsername: string | null;
  createBy?: string | null;
  createTime?: string | null;
}

/** the types the server connects to, their driver classes and address templates (the client's defaults) */
export const DB_TYPE_DEFAULTS: Readonly<Record<string, { driver: string; url: string }>> = {
  '1': {
    driver: 'com.mysql.jdbc.Driver',
    url: 'jdbc:mysql://127.0.0.1:3306/jeecg-boot?characterEncoding=UTF-8&useUnicode=true&useSSL=false',
  },
  '4': {
    driver: 'com.mysql.cj.jdbc.Driver',
    url: 'jdbc:mysql://127.0.0.1:3306/jeecg-boot?characterEncoding=UTF-8&useUnicode=true&useSSL=false&tinyInt1isBit=false&allowPublicKeyRetrieval=true&serverTimezone=Asia/Shanghai',
  },
  '5': {
    driver: 'org.mariadb.jdbc.Driver',
    url: 'jdbc:mariadb://127.0.0.1:3306/jeecg-boot?characterEncoding=UTF-8&useSSL=false',
  },
  '6': { driver: 'org.postgresql.Driver', url: 'jdbc:postgresql://127.0.0.1:5432/jeecg-boot' },
};

export interface ConnectionForm {
  id?: string;
  dbType: string;
  dbDriver: string;
  dbUrl: string;
  dbName: string;
  dbUsername: string;
  dbPassword?: string;
}

/** 测试连接: success → 连接成功; failure → the reason */
export const testConnection = (form: ConnectionForm) =>
  http.post<null>(DATA_SOURCE_URLS.testConnection, form, { silent: true });
