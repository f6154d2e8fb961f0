import { Outlet } from 'react-router';

export function EmptyLayout() {
  return (
    <main id="main-content" className="app-empty-layout">
      <Outlet />
    </main>
  );
}
