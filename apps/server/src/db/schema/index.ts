export * from './content.ts';
export * from './system.ts';
export * from './demo.ts';
export * from './quartz.ts';
export * from './storage.ts';
export * from './gateway.ts';
export * from './super-query.ts';
