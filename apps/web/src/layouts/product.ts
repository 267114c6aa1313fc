import { PRODUCT_NAME } from '../app/config';

/** The header title describes the answer-sheet system; it is the product name the document title uses too. */
export const PRODUCT_TITLE = PRODUCT_NAME;
export const PRODUCT_WELCOME = `欢迎进入 ${PRODUCT_TITLE}`;
/** The help link of the header (external documentation, new window). */
export const HELP_URL = 'http://doc.jeecg.com';
