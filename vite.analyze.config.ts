import { writeFileSync } from 'node:fs';
import { defineConfig, mergeConfig, type Plugin } from 'vite';
import base from './vite.config.ts';
const analyze = (): Plugin => ({
  name: 'analyze',
  generateBundle(_o, bundle) {
    const out: Record<string, [string, number][]> = {};
    for (const [name, chunk] of Object.entries(bundle)) {
      if (chunk.type !== 'chunk') continue;
      out[name] = Object.entries(chunk.modules).map(([id, m]) => [id.replace(/.*node_modules\//, 'nm/').replace(/.*\/src\//, 'src/'), m.renderedLength] as [string, number]).sort((a, b) => b[1] - a[1]);
    }
    writeFileSync('/tmp/analyze.json', JSON.stringify(out));
  },
});
export default mergeConfig(base, defineConfig({ plugins: [analyze()], build: { outDir: '/tmp/dist-analyze', emptyOutDir: true } }));
