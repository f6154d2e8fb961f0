import {
  ResetPasswordDto,
  SendPasswordResetCodeDto,
  VerifyPasswordResetTokenInput,
} from '@vineta/contracts/account/password-reset';
import { RegisterDto } from '@vineta/contracts/account/register';
import { IdentityUserDto } from '@vineta/contracts/identity/identity-user';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccountLimiter } from '../../platform/http/rate-limits.js';
import type { SecurityLogRequestInfo } from '../../platform/security-log/security-log-writer.js';
import type { AccountService } from './account.service.js';
import type { PasswordResetService } from './password-reset.service.js';

/** What the security log wants to know of a request. */
export function requestInfoOf(request: FastifyRequest): SecurityLogRequestInfo {
  return {
    clientIpAddress: request.ip,
    browserInfo: request.headers['user-agent'] ?? null,
    correlationId: request.id,
    clientId: request.currentUser?.clientId ?? null,
    tenantName: request.currentTenant?.name ?? null,
  };
}

/** ABP's anonymous account API (`/api/account/*`), limited per client IP. */
export const accountRoutes: FastifyPluginAsyncZod<{
  account: AccountService;
  passwordReset: PasswordResetService;
  /** Per tenant and e-mail address: reset codes beyond it are silently dropped (no enumeration). */
  allowResetCode: AccountLimiter;
  routeLimit: Record<string, unknown>;
}> = async (app, { account, passwordReset, allowResetCode, routeLimit }) => {
  const tags = ['Account'];
  const config = routeLimit;

  app.post(
    '/api/account/register',
    { schema: { tags, body: RegisterDto, response: { 200: IdentityUserDto } }, config },
    async (request) => account.register(request.body),
  );

  app.post(
    '/api/account/send-password-reset-code',
    { schema: { tags, body: SendPasswordResetCodeDto }, config },
    async (request, reply) => {
      if ((await allowResetCode(request.currentTenant.id ?? null, request.body.email)).allowed) {
        await passwordReset.sendPasswordResetCode(
          request.body,
          request.culture,
          request.currentTenant.name,
        );
      }
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/account/verify-password-reset-token',
    {
      schema: { tags, body: VerifyPasswordResetTokenInput, response: { 200: z.boolean() } },
      config,
    },
    async (request) =>
      passwordReset.verifyPasswordResetToken(request.body.userId, request.body.resetToken),
  );

  app.post(
    '/api/account/reset-password',
    { schema: { tags, body: ResetPasswordDto }, config },
    async (request, reply) => {
      await passwordReset.resetPassword(request.body, requestInfoOf(request));
      return reply.status(204).send();
    },
  );
};
