import { type ReactNode } from 'react';

interface CardProps {
  children: ReactNode;
  tone?: 'neutral' | 'success' | 'warning' | 'error';
  /** Announce the card's content when it replaces another (loading → result). */
  live?: boolean;
}

export function Card({ children, tone = 'neutral', live = false }: CardProps) {
  return (
    <section className={`card card--${tone}`} aria-live={live ? 'polite' : undefined}>
      {children}
    </section>
  );
}
