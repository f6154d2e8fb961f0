import { useLocalization } from '#src/core/localization/i18n';
import { replaceableKeys, useReplaceableComponent } from '#src/core/routing/replaceable-components';

/** A stand-in for the sign-in form (its own issue); it shows the layout and the tenant box. */
function LoginPlaceholder() {
  const localize = useLocalization();
  return (
    <div className="card">
      <div className="card-body">
        <h1 className="h4">{localize({ key: 'AbpAccount::Login', defaultValue: 'Login' })}</h1>
      </div>
    </div>
  );
}

/** /account/login, replaceable as `Account.LoginComponent`. */
export function LoginPage() {
  const Component = useReplaceableComponent(replaceableKeys.login, LoginPlaceholder);
  return <Component />;
}
