import { replaceableKeys, useReplaceableComponent } from '#src/core/routing/replaceable-components';
import { LoginScreen } from './login-screen';

/** /account/login, replaceable as `Account.LoginComponent`. */
export function LoginPage() {
  const Component = useReplaceableComponent(replaceableKeys.login, LoginScreen);
  return <Component />;
}
