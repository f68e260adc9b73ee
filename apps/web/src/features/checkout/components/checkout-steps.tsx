import { Stepper, Text } from '@mantine/core'
import { useScreen } from '@/lib/use-screen'

/** The four steps the customer sees (spec section 4's checkout steps, in plain words). */
export const CHECKOUT_STEP_TITLES = ['Datos de contacto', 'Entrega', 'Pago', 'Revisión'] as const

export type CheckoutStepsProps = {
  active: number
  /** Going back to a finished step; later steps cannot be opened from here. */
  onStepClick?: (step: number) => void
}

/** The steps indicator; on a phone the labels give way to "Paso 2 de 4: Entrega". */
export function CheckoutSteps({ active, onStepClick }: CheckoutStepsProps) {
  const isNarrow = useScreen('(max-width: 40em)')
  return (
    <nav aria-label="Pasos de la compra">
      <Stepper
        active={active}
        onStepClick={onStepClick}
        allowNextStepsSelect={false}
        size="sm"
        iconSize={isNarrow ? 28 : 32}
      >
        {CHECKOUT_STEP_TITLES.map((title, index) => (
          <Stepper.Step
            key={title}
            label={isNarrow ? undefined : title}
            // The icon shows the step's number: the name says it too (axe: label in name).
            aria-label={isNarrow ? `Paso ${index + 1}: ${title}` : undefined}
            aria-current={index === active ? 'step' : undefined}
            allowStepSelect={onStepClick !== undefined && index < active}
          />
        ))}
      </Stepper>
      {isNarrow ? (
        <Text size="sm" fw={600} mt="xs" aria-hidden>
          Paso {Math.min(active, 3) + 1} de 4: {CHECKOUT_STEP_TITLES[Math.min(active, 3)]}
        </Text>
      ) : null}
    </nav>
  )
}
