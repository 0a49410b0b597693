#!/usr/bin/env node
// The command line for those who start it by this path (`node bin/tplsync.js`, older workflows):
// the package's bin is bin/tplsync.cjs, which Node starts without its ES module loader.
import './tplsync.cjs';
