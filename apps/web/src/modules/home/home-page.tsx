import { useLocalization } from '#src/core/localization/i18n';
import { PageHeader } from '#src/theme/page/page-header';

export function HomePage() {
  const localize = useLocalization();
  return (
    <>
      <PageHeader title={localize({ key: '::Welcome', defaultValue: 'Welcome' })} />
      <div className="card">
        <div className="card-body">
          <p className="lead mb-0">
            {localize({ key: '::LongWelcomeMessage', defaultValue: 'Welcome' })}
          </p>
        </div>
      </div>
    </>
  );
}
