/** A valid add body for tests; `over` replaces fields. */
export const sample = (over: Record<string, unknown> = {}) => ({
  titile: '放假通知',
  msgContent: '<p>国庆放假<strong>七天</strong></p>',
  startTime: '2030-01-01 00:00:00',
  endTime: '2039-12-31 23:59:59',
  priority: 'M',
  msgCategory: '1',
  msgType: 'ALL',
  msgAbstract: '国庆',
  ...over,
});
