export * from './errors';
export * from './locales';
export * from './jobs';
export * from './config';
export * from './validators';
export * from './users';
export * from './phone';
export * from './browser-locale';
