import { Api } from 'telegram';
import type { MethodTable } from '../method-table';
import type { MethodDeps } from './deps';

/** auth.* and account.getPassword: phone-code, 2FA and QR login, and log out. */
export function registerAuthMethods(table: MethodTable, { login }: MethodDeps): void {
  const open = { needsLogin: false };
  table.on(Api.auth.SendCode, (request) => login.sendCode(request.phoneNumber), open);
  table.on(
    Api.auth.ResendCode,
    (request) => login.resendCode(request.phoneNumber, request.phoneCodeHash),
    open,
  );
  table.on(Api.auth.CancelCode, (request) => login.cancelCode(request.phoneNumber), open);
  table.on(
    Api.auth.SignIn,
    (request, context) =>
      login.signIn(context.authKey, request.phoneNumber, request.phoneCodeHash, request.phoneCode ?? ''),
    open,
  );
  table.on(Api.account.GetPassword, (_request, context) => login.getPassword(context.authKey), open);
  table.on(
    Api.auth.CheckPassword,
    (request, context) => login.checkPassword(context.authKey, request.password),
    open,
  );
  table.on(Api.auth.ExportLoginToken, (_request, context) => login.exportLoginToken(context.authKey), open);
  table.on(
    Api.auth.ImportLoginToken,
    (request, context) => login.importLoginToken(context.authKey, request.token),
    open,
  );
  table.on(Api.auth.LogOut, (_request, context) => login.logOut(context.authKey));
}
