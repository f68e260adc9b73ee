import type { ReactNode } from 'react'

import { SaveBar, type SaveBarProps } from '@/components/admin/form/save-bar'
import type { SellerForm as SellerFormState } from '@/components/admin/form/use-seller-form'

export type SellerFormProps<Values extends object> = {
  seller: SellerFormState<Values>
  /** Accessible name of the form. */
  label?: string
  children: ReactNode
} & Pick<
  SaveBarProps,
  'saveLabel' | 'cleanText' | 'savePristine' | 'actions' | 'saveAriaLabel' | 'sticky' | 'cancel'
>

/** A seller form: the fields, then the sticky save bar wired to the form's state. */
export function SellerForm<Values extends object>({
  seller,
  label,
  children,
  ...bar
}: SellerFormProps<Values>) {
  return (
    <form ref={seller.formRef} onSubmit={seller.onSubmit} noValidate aria-label={label}>
      {children}
      <SaveBar
        {...bar}
        isDirty={seller.isDirty}
        isSaving={seller.isSaving}
        onDiscard={seller.discard}
        error={seller.formError}
      />
    </form>
  )
}
