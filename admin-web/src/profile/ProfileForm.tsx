import { LOCALES, type UserView, hasAdminRights } from '@esign/shared';
import { Box, Typography } from '@mui/material';
import { type ReactNode } from 'react';
import {
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  email,
  required,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { LOCALE_NAMES } from '../i18n';
import { mobileError } from '../common/mobileInput';
import { AvatarUpload } from './AvatarUpload';

const LANGUAGE_CHOICES = LOCALES.map((locale) => ({ id: locale, name: LOCALE_NAMES[locale] }));

interface ProfileFormProps {
  /** Creating a member asks for less: the rest is theirs to fill in later. */
  mode: 'create' | 'edit';
  /** Only users with admin rights may change an e-mail address. */
  canEditEmail: boolean;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2, width: '100%' }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}

const half = { width: { xs: '100%', md: 'calc(50% - 8px)' } };
const row = { display: 'flex', flexWrap: 'wrap', columnGap: 2, width: '100%' };

/** Saving only: accounts are deleted through the confirmed card, once deactivated. */
function ProfileToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}

/** The member's details: the profile page, the user edit page and the new-member form. */
export function ProfileForm({ mode, canEditEmail }: ProfileFormProps) {
  const existing = mode === 'edit';
  // Members are reached on their mobile; an administrator's account (the first one has none) may do without.
  const account = useRecordContext<UserView>();
  const mobileRequired = !(existing && account && hasAdminRights(account));
  return (
    // noValidate: the browser's own bubbles (in the browser's language, over the field) give way to the form's messages.
    <SimpleForm mode="onBlur" reValidateMode="onChange" noValidate toolbar={<ProfileToolbar />}>
      {existing && <AvatarUpload />}
      <Box sx={row}>
        <TextInput source="name" validate={required()} sx={half} />
        <TextInput
          source="email"
          type="email"
          validate={[required(), email('app.validation.invalid_email')]}
          disabled={existing && !canEditEmail}
          sx={half}
        />
        <TextInput
          source="mobile"
          type="tel"
          validate={mobileRequired ? [required(), mobileError] : mobileError}
          helperText="app.users.mobile_hint"
          sx={half}
        />
        <SelectInput source="language" choices={LANGUAGE_CHOICES} validate={required()} sx={half} />
      </Box>
      <Section title="app.users.sections.additional_info">
        <Box sx={row}>
          <TextInput source="additionalInfo.company.name" sx={half} />
          {existing && (
            <>
              <TextInput source="additionalInfo.email" type="email" sx={half} />
              <TextInput source="additionalInfo.company.vatNumber" sx={half} />
              <TextInput source="additionalInfo.company.registrationNumber" sx={half} />
              <TextInput source="additionalInfo.company.nationalRegistrationNumber" sx={half} />
            </>
          )}
        </Box>
        {/* The address starts a row of its own: its two lines side by side, not split across rows. */}
        <Box sx={row}>
          {existing && (
            <>
              <TextInput source="additionalInfo.address.addressLine1" sx={half} />
              <TextInput source="additionalInfo.address.addressLine2" sx={half} />
              <TextInput source="additionalInfo.address.postalCode" sx={half} />
              <TextInput source="additionalInfo.address.city" sx={half} />
              <TextInput source="additionalInfo.address.stateOrRegion" sx={half} />
              <TextInput source="additionalInfo.address.country" sx={half} />
            </>
          )}
        </Box>
      </Section>
    </SimpleForm>
  );
}
