import { useLocalization } from '#src/core/localization/i18n';
import type { TextSource } from '#src/core/localization/localizable';
import { PageHeader } from './page-header';

export interface AreaPlaceholderProps {
  title: TextSource;
}

/** The page of an area whose screens come later: its title, so menus, guards and breadcrumbs work. */
export function AreaPlaceholder({ title }: AreaPlaceholderProps) {
  const localize = useLocalization();
  return <PageHeader title={localize(title)} />;
}
