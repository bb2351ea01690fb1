// The embedded project of a run on PostgreSQL and Redis (jest.config.js): its test files see neither, so each
// test app starts on PGlite with its jobs run by the API, as `npm start` runs the product.
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
