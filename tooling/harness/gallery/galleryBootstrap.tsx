import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Gallery } from './Gallery';
// The design tokens, as the portal loads them, and the gallery's own layout from them (light or dark).
import '@portal/shared/ui/tokens.css';
import '../harness.css';
import './gallery.css';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <Gallery />
    </StrictMode>,
  );
