/** The conversation's icons: stroked in the text colour, hidden from assistive tech (buttons carry the label). */
import type { ReactNode } from 'react';

const Icon = ({ children }: { readonly children: ReactNode }) => (
  <svg
    width="16"
    height="16"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    {children}
  </svg>
);

export const TrashIcon = () => (
  <Icon>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 002 2h6a2 2 0 002-2l1-12M9 7V4h6v3" />
  </Icon>
);

export const PaperclipIcon = () => (
  <Icon>
    <path d="M21 11.5l-8.6 8.6a5 5 0 01-7.1-7.1l8.6-8.6a3.5 3.5 0 015 5l-8.6 8.6a2 2 0 01-2.8-2.8l7.9-7.9" />
  </Icon>
);

export const SpeakerIcon = ({ active }: { readonly active: boolean }) => (
  <Icon>
    <path d="M11 5L6 9H3v6h3l5 4V5z" />
    {active ? <path d="M15.5 8.5a5 5 0 010 7M18.5 5.5a9 9 0 010 13" /> : <path d="M15.5 8.5a5 5 0 010 7" />}
  </Icon>
);
