export * from './content.ts';
export * from './demo.ts';
export * from './gateway.ts';
export * from './online.ts';
export * from './quartz.ts';
export * from './storage.ts';
export * from './super-query.ts';
export * from './system.ts';
