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

/**
 * Web app build. The dev server proxies the API (and its WebSockets) to the server on :8080; a build is served
 * by the server itself.
 *
 * Chunks: React and the router in `vendor-react`; the other packages the entry needs statically (the login
 * page and its layout are part of the entry) in `vendor-login` — both change rarely, so their hashed files stay
 * cached across deployments; everything else (the rest of antd, the signed-in shell, each view) is split by the
 * bundler along the dynamic imports, so a screen loads only what it uses. bench/web-bundle.ts holds the login
 * page to its budget (200 kB gzip of JavaScript before the form is usable).
 */
export default defineConfig({
  plugins: [react(), rcFormProviderOnly()],
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
