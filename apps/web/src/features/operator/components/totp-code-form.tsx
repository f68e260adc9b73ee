import {
  totpVerifyInputSchema,
  type TotpVerifyInput,
  type TotpVerifyResult,
} from '@barrio/contracts/operator'
import { TextInput } from '@mantine/core'

import { useVerifyTotp } from '@/api/operator/totp/verify-totp'
import { AppForm } from '@/components/form/app-form'
import { validateWith } from '@/components/form/form-errors'
import { useAppForm } from '@/components/form/use-app-form'

export const APP_CODE_LABEL = 'Código de 6 números'
export const ANY_CODE_LABEL = 'Código de la app o de recuperación'

export type TotpCodeFormProps = {
  /** `app`: only the authenticator's 6 digits (enrolment); `any`: a recovery code too. */
  accepts: 'app' | 'any'
  submitLabel: string
  onVerified: (result: TotpVerifyResult) => void
}

/**
 * The code that proves the second factor (POST /auth/totp/verify). A wrong code's message comes
 * back under the field (`errors[].name === 'code'`), like the contract's own.
 */
export function TotpCodeForm({ accepts, submitLabel, onVerified }: TotpCodeFormProps) {
  const mutation = useVerifyTotp()
  const appForm = useAppForm<{ code: string }, TotpVerifyInput, TotpVerifyResult>({
    mode: 'submit',
    initialValues: { code: '' },
    validate: (values) => validateWith(totpVerifyInputSchema, values),
    mutation,
    onSaved: (result) => onVerified(result),
  })
  const app = accepts === 'app'
  return (
    <AppForm form={appForm} submitLabel={submitLabel} label="Código de verificación">
      <TextInput
        label={app ? APP_CODE_LABEL : ANY_CODE_LABEL}
        description={
          app
            ? 'El que muestra tu app de autenticación ahora.'
            : 'Los 6 números de tu app, o uno de tus códigos de recuperación (por ejemplo, abcd-1234).'
        }
        inputMode={app ? 'numeric' : 'text'}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={app ? 6 : 9}
        required
        {...appForm.inputProps('code')}
      />
    </AppForm>
  )
}
