import * as pdfjs from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * pdf.js with its worker (ADR 036): this module is only reached through the dynamic import in ./index.tsx, so the
 * library and the worker file load on the PDF预览 page alone. Vite emits the worker as an asset of its own (`?url`);
 * it runs as a module worker from our origin (CSP script-src 'self').
 */
pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

export { pdfjs };
