/**
 * Imported first by every process entry point (local server, back office, test setup). Node 20 is a
 * supported runtime here (the machines and CI have it; Lambda runs 22), and the pinned AWS SDK supports
 * it, but the SDK warns on every process under Node < 22 about releases it will publish after January
 * 2027. Its documented opt-out silences exactly that warning and nothing else; set the variable to
 * `false` to see it again.
 */
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export {};
