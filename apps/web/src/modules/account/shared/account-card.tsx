import type { ReactNode } from 'react';
import { Logo } from '#src/theme/layouts/logo';
import backgroundUrl from './account-background.svg?no-inline';

export interface AccountCardProps {
  title: string;
  children: ReactNode;
}

/** An account screen: the background image, and a card with the product's logo and the heading. */
export function AccountCard({ title, children }: AccountCardProps) {
  return (
    <>
      <div
        className="app-account-background"
        style={{ backgroundImage: `url("${backgroundUrl}")` }}
        aria-hidden="true"
      />
      <div className="card app-account-card">
        <div className="card-body">
          <div className="app-account-card-logo">
            <Logo />
          </div>
          <h1 className="h3 mb-3">{title}</h1>
          {children}
        </div>
      </div>
    </>
  );
}
