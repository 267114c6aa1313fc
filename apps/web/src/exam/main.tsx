import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ExamApp } from './ExamApp';
import './exam.css';

/**
 * The answering page's own entry (exam.html, served for /exam and /exam/…; ADR 071): React, its own few lines of
 * routing (router.tsx) and the candidate pages — none of the console's shell, menu, router, antd or chart code.
 */
const container = document.getElementById('root');
if (!container) throw new Error('missing #root element');

createRoot(container).render(
  <StrictMode>
    <ExamApp />
  </StrictMode>,
);
