import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: string;
  children?: ReactNode;
}

/** A page's heading row with room for its toolbar. */
export function PageHeader({ title, children }: PageHeaderProps) {
  return (
    <div className="app-page-header">
      <h1 className="h3 mb-0">{title}</h1>
      {children}
    </div>
  );
}
