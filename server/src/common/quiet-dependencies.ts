// Imported first by the entrypoints. The embedded user pool's package loads the AWS SDK v2, which prints an
// end-of-support notice on every start, and SDK v3 warns that Node 20 support ends in 2027 (the images run
// Node 24): neither is actionable by an operator, so both are switched off unless set otherwise.
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export {};
