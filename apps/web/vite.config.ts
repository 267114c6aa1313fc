import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const REACT = /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;
const NODE_MODULES = /[\\/]node_modules[\\/]/;

/**
 * antd's form context (imported by Input, Checkbox, Button…) takes only `FormProvider` from `@rc-component/form`,
 * but that package's index attaches Field, List and useForm to its default export, which keeps the field store
 * and the async validator (~13 kB gzip) in every screen that shows an input — the login page included. The same
 * binding, imported from the module that defines it: nothing changes at run time.
 */
function rcFormProviderOnly(): Plugin {
  return {
    name: 'answer:rc-form-provider-only',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@rc-component/form' || !importer || !/antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer)) {
        return null;
      }
      return this.resolve('@rc-component/form/es/FormContext', importer, { skipSelf: true });
    },
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** what is worth compressing: text assets (images and fonts in these formats are already compressed) */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|wasm)$/i;
/** below this a compressed copy saves less than its own request overhead */
const MIN_BYTES = 1024;

/**
 * Precompressed assets (ADR 022): next to every compressible output file over 1 kB, a `.br` (brotli, quality 11)
 * and a `.gz` (gzip, level 9), made once at build time so the server only picks the file the browser accepts
 * (`Accept-Encoding`) instead of compressing on every request. The originals stay for clients that take neither.
 * A compressed copy that is not smaller than the original is not written.
 */
export function precompress(): Plugin {
  return {
    name: 'answer:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? (options.file ? path.dirname(options.file) : 'dist');
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name);
          const body = await fs.readFile(file);
          if (body.length <= MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([
            br.length < body.length ? fs.writeFile(`${file}.br`, br) : null,
            gz.length < body.length ? fs.writeFile(`${file}.gz`, gz) : null,
          ]);
        }),
      );
    },
  };
}

/**
 * Web app build. The dev server proxies the API (and its WebSockets) to the server on :8080; a build is served
 * by the server itself.
 *
 * Chunks: React and the router in `vendor-react`; the other packages the entry needs statically (the login
 * page and its layout are part of the entry) in `vendor-login` — both change rarely, so their hashed files stay
 * cached across deployments; everything else (the rest of antd, the signed-in shell, each view) is split by the
 * bundler along the dynamic imports, so a screen loads only what it uses. bench/web-bundle.ts holds the login
 * page to its budget (200 kB gzip of JavaScript before the form is usable) and sign-in → home → user list to 450 kB.
 * Every text asset over 1 kB also gets a `.br` and a `.gz` copy (`precompress`), which the server sends instead.
 */
export default defineConfig({
  plugins: [react(), rcFormProviderOnly(), precompress()],
  base: '/',
  server: {
    port: 5173,
    proxy: {
      '/jeecg-boot': { target: 'http://127.0.0.1:8080', changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/jeecg-boot': { target: 'http://127.0.0.1:8080', changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: REACT, priority: 30 },
            { name: 'vendor-login', test: NODE_MODULES, tags: ['$initial'], priority: 20 },
          ],
        },
      },
    },
  },
});
