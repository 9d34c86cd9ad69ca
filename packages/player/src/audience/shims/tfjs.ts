// face-api's unbundled build imports the whole of TensorFlow.js; it uses only the core's operations
// (some chained on tensors: `t.as3D(…).toInt()`), so the player's build points that import here
// (vite.config.ts) and ships the core alone.
import '@tensorflow/tfjs-core/dist/public/chained_ops/register_all_chained_ops';

export * from '@tensorflow/tfjs-core';
