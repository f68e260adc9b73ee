import { Button, VisuallyHidden, type ButtonProps } from '@mantine/core'
import { useRef, type ReactNode } from 'react'

export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp'

/**
 * A button that opens the file picker. The input itself stays in the page (visually hidden, with
 * its own label) so assistive tech and end-to-end tests can reach it.
 */
export function FilePicker({
  inputLabel,
  multiple = false,
  accept = IMAGE_ACCEPT,
  onFiles,
  disabled,
  children,
  ...buttonProps
}: ButtonProps & {
  inputLabel: string
  multiple?: boolean
  accept?: string
  onFiles: (files: File[]) => void
  disabled?: boolean
  children: ReactNode
}) {
  const inputRef = useRef<HTMLInputElement>(null)
  return (
    <>
      <VisuallyHidden>
        <input
          ref={inputRef}
          type="file"
          aria-label={inputLabel}
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          tabIndex={-1}
          onChange={(event) => {
            const files = Array.from(event.currentTarget.files ?? [])
            event.currentTarget.value = ''
            if (files.length > 0) onFiles(files)
          }}
        />
      </VisuallyHidden>
      <Button {...buttonProps} disabled={disabled} onClick={() => inputRef.current?.click()}>
        {children}
      </Button>
    </>
  )
}
