import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const REACT = /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;
/** antd and its runtime; @ant-design/icons is left out so each icon travels with the screen that shows it */
const ANTD =
  /node_modules[\\/](antd|@ant-design[\\/](?!icons)|@rc-component|rc-[\w-]+|@emotion|stylis|@babel[\\/]runtime|classnames|clsx|dayjs|throttle-debounce|compute-scroll-into-view|scroll-into-view-if-needed|json2mq|string-convert|toggle-selection|copy-to-clipboard|resize-observer-polyfill)[\\/]/;
/** antd components of the app shell and the pages under /user (their own dependencies follow them) */
const ANTD_CORE = new Set([
  '_util',
  'config-provider',
  'app',
  'locale',
  'theme',
  'style',
  'version',
  'button',
  'form',
  'grid',
  'row',
  'col',
  'input',
  'tabs',
  'checkbox',
  'modal',
  'message',
  'notification',
  'spin',
  'result',
  'tooltip',
  'space',
  'wave',
]);
/** widget packages only the later screens use */
const RC_EXTRA =
  /@rc-component[\\/](table|tree|tree-select|cascader|picker|upload|image|color-picker|mentions|rate|slider|steps|pagination|drawer|collapse|segmented|switch|tour|qrcode|input-number|progress|select|virtual-list)[\\/]/;
function isAntdCore(id: string): boolean {
  const m = /node_modules[\\/]antd[\\/](?:es|lib)[\\/]([^\\/]+)/.exec(id);
  if (m) return m[1].endsWith('.js') || ANTD_CORE.has(m[1]);
  return !RC_EXTRA.test(id);
}

/**
 * Web app build. The dev server proxies the API (and its WebSockets) to the server on :8080; a build is served
 * by the server itself. React/router and antd/icons go to separate vendor chunks: they change rarely, so their
 * hashed files stay in the browser cache across app deployments.
 */
export default defineConfig({
  plugins: [react()],
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
            // what the shell and the login page need (and their dependencies): loaded up front
            { name: 'vendor-antd', test: (id: string) => ANTD.test(id) && isAntdCore(id), priority: 20 },
            // the rest of antd, loaded with the first screen that uses it; cached like the core
            { name: 'vendor-antd-extra', test: ANTD, priority: 10 },
          ],
        },
      },
    },
  },
});
