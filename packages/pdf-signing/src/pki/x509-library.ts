// @peculiar/x509 resolves its algorithms through tsyringe, which needs the Reflect metadata API loaded
// first. Nest entry points load it too, but this module must also work alone (scripts, tests), so every
// use of the library goes through this file.
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';

export { x509 };
