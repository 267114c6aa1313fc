import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * React itself, shared by both entries. Not the router: the answering page has its own few lines of routing (issue
 * 26, src/exam/router.tsx), so react-router goes with the console's other packages into `vendor-login`.
 */
const REACT = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;
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
 * What every signed-in visit loads first: the shell (layout, menu, header, tabs, notices), the home page (the
 * analysis dashboard, HOME_PATH) and the list page kit most menu entries open.
 */
const SHELL_ROOTS = ['src/app/Shell.tsx', 'src/views/dashboard/Analysis.tsx', 'src/components/kit/index.ts'];

/** package barrels whose importers name what they take (`import { Button } from 'antd'`): followed name by name */
const BARRELS: Record<string, RegExp> = {
  antd: /[\\/]node_modules[\\/]antd[\\/]es[\\/]index\.js$/,
  '@ant-design/icons': /[\\/]node_modules[\\/]@ant-design[\\/]icons[\\/]es[\\/]index\.js$/,
};

/** a barrel's `export { default as Name } from './x'` (and `export * from './y'`) → Name → the module's id */
function barrelExports(file: string, known: Set<string>, out = new Map<string, string>()): Map<string, string> {
  const dir = path.dirname(file);
  const source = readFileSync(file, 'utf8');
  const target = (rel: string) =>
    [`${rel}.js`, `${rel}/index.js`].map((r) => path.join(dir, r)).find((f) => known.has(f));
  for (const m of source.matchAll(/export \{ default as (\w+) \} from ['"](\.[^'"]+)['"]/g)) {
    const id = target(m[2]);
    if (id) out.set(m[1], id);
  }
  for (const m of source.matchAll(/export \* from ['"](\.[^'"]+)['"]/g)) {
    const id = target(m[1]);
    if (id) barrelExports(id, known, out);
  }
  return out;
}

/**
 * The signed-in app's chunk (ADR 022). What the SHELL_ROOTS import statically goes into one `shell` chunk, except
 * what the app reaches without passing through the shell (the login page, its lazy parts, the other public pages)
 * and what those import: left to the automatic splitting, the antd parts of the shell, the home page and the kit
 * came as some sixty small shared chunks, which brotli packs far worse one by one than as one file. Computed at the
 * end of the module graph (`buildEnd`); imports through the antd and icon barrels are followed name by name (the
 * barrels themselves would reach every component). The group takes no dependencies along (they stay where the
 * automatic splitting puts them), so no outside chunk ever imports the shell chunk.
 */
function shellGroup(): { plugin: Plugin; test: (id: string) => boolean } {
  const members = new Set<string>();
  const plugin: Plugin = {
    name: 'answer:shell-group',
    apply: 'build',
    buildEnd() {
      members.clear();
      const ids = [...this.getModuleIds()];
      const known = new Set(ids);
      const barrels = new Map<string, { pkg: string; names: Map<string, string> }>();
      for (const [pkg, re] of Object.entries(BARRELS)) {
        const id = ids.find((i) => re.test(i));
        if (id) barrels.set(id, { pkg, names: barrelExports(id, known) });
      }
      const edges = (id: string, dynamic: boolean): string[] => {
        const info = this.getModuleInfo(id);
        if (!info) return [];
        const out: string[] = [];
        for (const next of [...info.importedIds, ...(dynamic ? info.dynamicallyImportedIds : [])]) {
          const barrel = barrels.get(next);
          if (!barrel) {
            out.push(next);
            continue;
          }
          // the names this module takes from the barrel
          const from = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*['"]${barrel.pkg}['"]`, 'g');
          for (const m of (info.code ?? '').matchAll(from)) {
            for (const spec of m[1].split(',')) {
              const name = spec.trim().split(/\s+as\s+/)[0];
              const target = barrel.names.get(name);
              if (target) out.push(target);
            }
          }
        }
        return out;
      };
      const closure = (root: string | undefined, dynamic: boolean, stop: readonly (string | undefined)[] = []) => {
        const seen = new Set<string>();
        const todo = root ? [root] : [];
        while (todo.length) {
          const id = todo.pop() as string;
          if (seen.has(id) || stop.includes(id)) continue;
          seen.add(id);
          todo.push(...edges(id, dynamic));
        }
        return seen;
      };
      const find = (tail: string) => ids.find((id) => id.replaceAll('\\', '/').endsWith(tail));
      const shellRoot = find('/src/app/Shell.tsx');
      // what the app reaches without the shell: the login page (and what it loads later), the other public pages;
      // the menu's views (the view registry) open inside the shell
      const outside = closure(find('/src/main.tsx'), true, [shellRoot, find('/src/app/views.ts')]);
      // the answering page's entry (exam.html, ADR 071) is outside too: what it shares with the shell stays out of it
      for (const id of closure(find('/src/exam/main.tsx'), true)) outside.add(id);
      // a module an outside one imports stays out too, or its chunk would import the shell's (and back)
      const neededOutside = new Set([...outside].flatMap((id) => edges(id, false)));
      for (const root of SHELL_ROOTS) {
        for (const id of closure(root === 'src/app/Shell.tsx' ? shellRoot : find(`/${root}`), false)) {
          if (!outside.has(id) && !neededOutside.has(id)) members.add(id);
        }
      }
    },
  };
  return { plugin, test: (id) => members.has(id) };
}

const shell = shellGroup();

/** the dev server answers /exam and /exam/… with the answering page's entry, as the server does (ADR 071) */
function examPageInDev(): Plugin {
  return {
    name: 'answer:exam-page-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const url = (req.url ?? '').split('?')[0];
        if (url === '/exam' || (url.startsWith('/exam/') && !path.extname(url))) req.url = '/exam.html';
        next();
      });
    },
  };
}

/**
 * The answering page's early start call (src/exam/early-start.js, issue 26): a classic script of its own — not part of
 * the bundle, whose entry runs only once every module it imports has arrived — loaded `async` from exam.html's head,
 * before the app's scripts, so it runs as soon as it is there. Built as an asset under a content-hashed name (assets/, cached for a year, unlike
 * a file of public/ that is asked again on every visit: a round trip on 3G); served from its source by the dev server.
 * An inline script would be earlier still but is refused by the CSP (script-src 'self').
 */
function examEarlyStart(): Plugin {
  const file = path.resolve(import.meta.dirname, 'src/exam/early-start.js');
  let src = '/src/exam/early-start.js';
  let asset: { fileName: string; source: string } | null = null;
  return {
    name: 'answer:exam-early-start',
    configResolved(config) {
      if (config.command !== 'build') return;
      const source = readFileSync(file, 'utf8');
      const hash = createHash('sha256').update(source).digest('hex').slice(0, 10);
      asset = { fileName: `assets/exam-start-${hash}.js`, source };
      src = `${config.base}${asset.fileName}`;
    },
    buildStart() {
      if (asset) this.emitFile({ type: 'asset', ...asset });
    },
    transformIndexHtml(html, ctx) {
      if (!ctx.filename.endsWith('exam.html')) return html;
      // first of the page's requests: a throttled connection (3G) serves them about in the order they were asked
      return html.replace('</title>', `</title>\n    <script async fetchpriority="high" src="${src}"></script>`);
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
 * Chunks: React in `vendor-react` (shared with the answering page); the other packages the entry needs statically
 * (the router; the login page and its layout are part of the entry) in `vendor-login` — both change rarely, so their
 * hashed files stay cached across deployments; everything else (the rest of antd, the signed-in shell, each view) is
 * split by the bundler along the dynamic imports, so a screen loads only what it uses. bench/web-bundle.ts holds the login
 * page to its budget (200 kB gzip of JavaScript before the form is usable), sign-in → home → user list to 450 kB,
 * and the answering page's first visit (exam.html: sign-in → first question) to 200 kB of every byte on the wire.
 * Every text asset over 1 kB also gets a `.br` and a `.gz` copy (`precompress`), which the server sends instead.
 */
export default defineConfig({
  plugins: [react(), rcFormProviderOnly(), shell.plugin, examPageInDev(), examEarlyStart(), precompress()],
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
      // the console (index.html) and the candidates' answering page (exam.html, served for /exam…; ADR 071)
      input: {
        main: path.resolve(import.meta.dirname, 'index.html'),
        exam: path.resolve(import.meta.dirname, 'exam.html'),
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: REACT, priority: 30 },
            { name: 'vendor-login', test: NODE_MODULES, tags: ['$initial'], priority: 20 },
            { name: 'shell', test: shell.test, priority: 10, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
