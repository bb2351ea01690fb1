export * from './http';
export * from './api-client';
export * from './signature-requests';
export * from './user-pool';
export * from './outbox';
export * from './members';
export * from './signing-link';
