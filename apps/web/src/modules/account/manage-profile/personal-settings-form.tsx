import { type ProfileDto, UpdateProfileDto } from '@vineta/contracts/account/profile';
import {
  IdentitySettingNames,
  isEnabledUnlessFalse,
} from '@vineta/contracts/identity/identity-settings';
import { identityUserErrorFields } from '@vineta/contracts/identity/password-rules';
import { type KeyboardEvent, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSetting } from '#src/core/app-configuration/app-configuration-store';
import { refreshAppConfiguration } from '#src/core/app-configuration/get-application-configuration';
import { RestError } from '#src/core/http/remote-service-error';
import { useLocalization } from '#src/core/localization/i18n';
import { applyValidationErrors } from '#src/theme/form/apply-validation-errors';
import { BusyButton } from '#src/theme/form/busy-button';
import { GuardUnsavedChanges } from '#src/theme/form/guard-unsaved-changes';
import { TextField } from '#src/theme/form/text-field';
import { useEnterSubmit } from '#src/theme/form/use-enter-submit';
import { useSingleSubmit } from '#src/theme/form/use-single-submit';
import { zodFormResolver } from '#src/theme/form/zod-form-resolver';
import { toaster } from '#src/theme/toast/toaster';
import { useUpdateMyProfile } from '../api/update-my-profile';

/** SPEC.md section 5: user name and e-mail ≤ 256, name and surname ≤ 64, phone ≤ 16. */
const personalSettingsSchema = UpdateProfileDto.pick({
  userName: true,
  email: true,
  name: true,
  surname: true,
  phoneNumber: true,
});
type PersonalSettingsValues = z.infer<typeof personalSettingsSchema>;
const fields = ['userName', 'email', 'name', 'surname', 'phoneNumber'] as const;
/** A taken user name or e-mail goes under its field, as on register and the users screen. */
const codeFields = identityUserErrorFields({ userName: 'userName', email: 'email' });

/** Nullable server fields become empty strings in the form. */
function toValues(profile: ProfileDto): PersonalSettingsValues {
  return {
    userName: profile.userName,
    email: profile.email,
    name: profile.name ?? '',
    surname: profile.surname ?? '',
    phoneNumber: profile.phoneNumber ?? '',
  };
}

/** A space cannot be typed into the user name (ABP blocks the key). */
function blockSpace(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key === ' ') event.preventDefault();
}

export interface PersonalSettingsFormProps {
  profile: ProfileDto;
  userId: string | null;
}

/**
 * Personal settings; the server's answer replaces the stored profile and refills the form. A user
 * name or e-mail the tenant's settings keep as they are is shown read-only, with why: ABP's form
 * let one edit them, and the save then put them back without a word.
 */
export function PersonalSettingsForm({ profile, userId }: PersonalSettingsFormProps) {
  const t = useLocalization();
  const userNameFixed = !isEnabledUnlessFalse(
    useSetting(IdentitySettingNames.User.IsUserNameUpdateEnabled),
  );
  const emailFixed = !isEnabledUnlessFalse(
    useSetting(IdentitySettingNames.User.IsEmailUpdateEnabled),
  );
  const updating = useUpdateMyProfile(userId);
  const formRef = useRef<HTMLFormElement>(null);
  useEnterSubmit(formRef);
  const form = useForm<PersonalSettingsValues>({
    resolver: zodFormResolver(personalSettingsSchema),
    defaultValues: toValues(profile),
    mode: 'onChange',
  });

  const onValid = async (values: PersonalSettingsValues) => {
    if (updating.isPending) return;
    let saved: ProfileDto;
    try {
      saved = await updating.mutateAsync({ ...values, concurrencyStamp: profile.concurrencyStamp });
    } catch (error) {
      // The global HTTP error handling shows it; validation errors also go under their fields.
      if (error instanceof RestError)
        applyValidationErrors(error.remoteError, form.setError, fields, codeFields);
      return;
    }
    form.reset(toValues(saved));
    toaster.success('AbpAccount::PersonalSettingsSaved', 'AbpUi::Success', { life: 5000 });
    // The user menu shows the user name from the configuration.
    void refreshAppConfiguration().catch(() => undefined);
  };

  const submit = useSingleSubmit(form.handleSubmit(onValid));
  return (
    <form ref={formRef} noValidate onSubmit={submit}>
      <GuardUnsavedChanges dirty={form.formState.isDirty} />
      <TextField
        control={form.control}
        name="userName"
        label={t('AbpAccount::DisplayName:UserName')}
        autoComplete="username"
        onKeyDown={blockSpace}
        readOnly={userNameFixed}
        hint={userNameFixed ? t('Vineta::UserNameCannotBeChanged') : undefined}
      />
      <div className="row">
        <div className="col-md-6">
          <TextField
            control={form.control}
            name="name"
            label={t('AbpAccount::DisplayName:Name')}
            autoComplete="given-name"
          />
        </div>
        <div className="col-md-6">
          <TextField
            control={form.control}
            name="surname"
            label={t('AbpAccount::DisplayName:Surname')}
            autoComplete="family-name"
          />
        </div>
      </div>
      <TextField
        control={form.control}
        name="email"
        type="email"
        label={t('AbpAccount::DisplayName:Email')}
        autoComplete="email"
        readOnly={emailFixed}
        hint={emailFixed ? t('Vineta::EmailCannotBeChanged') : undefined}
      />
      <TextField
        control={form.control}
        name="phoneNumber"
        type="tel"
        label={t('AbpAccount::DisplayName:PhoneNumber')}
        autoComplete="tel"
      />
      <BusyButton busy={updating.isPending} disabled={!form.formState.isValid}>
        {t('AbpAccount::Save')}
      </BusyButton>
    </form>
  );
}
