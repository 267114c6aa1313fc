/** Routes the user dropdown opens (JeecgBoot route names account-center and account-settings-base). */
export const ACCOUNT_CENTER_PATH = '/account/center';
export const ACCOUNT_SETTINGS_PATH = '/account/settings/base';
