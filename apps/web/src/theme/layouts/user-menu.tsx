import { Link } from 'react-router';
import {
  useCurrentTenant,
  useCurrentUser,
} from '#src/core/app-configuration/app-configuration-store';
import { logout, navigateToLogin } from '#src/core/auth/auth-service';
import { useLocalization } from '#src/core/localization/i18n';
import { Dropdown } from '../dropdown/dropdown';
import { Icon } from '../icons/icon';

/** Signed in: the user's name with My account and Logout; otherwise a Login link. */
export function UserMenu() {
  const localize = useLocalization();
  const user = useCurrentUser();
  const tenant = useCurrentTenant();
  if (!user?.isAuthenticated) {
    return (
      <button type="button" className="btn btn-link nav-link" onClick={() => navigateToLogin()}>
        {localize({ key: 'AbpAccount::Login', defaultValue: 'Login' })}
      </button>
    );
  }
  return (
    <Dropdown
      label={
        <>
          <Icon name="user" size={16} />{' '}
          {tenant?.name && (
            <small>
              <i className="app-topbar-tenant-name" title={tenant.name}>
                {tenant.name}
              </i>
              \
            </small>
          )}
          <strong className="app-topbar-user-name" title={user.userName ?? undefined}>
            {user.userName}
          </strong>
        </>
      }
    >
      {(close) => (
        <>
          <Link className="dropdown-item" to="/account/manage" onClick={close}>
            <Icon name="cog" size={16} />{' '}
            {localize({ key: 'AbpAccount::MyAccount', defaultValue: 'My account' })}
          </Link>
          <button
            type="button"
            className="dropdown-item"
            onClick={() => {
              close();
              void logout();
            }}
          >
            {localize({ key: 'AbpAccount::Logout', defaultValue: 'Logout' })}
          </button>
        </>
      )}
    </Dropdown>
  );
}
