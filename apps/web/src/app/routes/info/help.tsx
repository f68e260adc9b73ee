import { Accordion, Anchor, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { InfoPage, Mail, SUPPORT_EMAIL } from '@/app/routes/info/info-page'
import { paths } from '@/config/paths'

type Question = { q: string; a: ReactNode }

const CUSTOMER_QUESTIONS: Question[] = [
  {
    q: '¿Cómo hago un pedido?',
    a: 'Elegí tu dirección arriba de todo, entrá a un comercio, agregá productos al carrito y confirmá la compra eligiendo retiro en tienda, entrega a domicilio o envío.',
  },
  {
    q: '¿Por qué me piden una dirección?',
    a: 'Con tu dirección te mostramos los comercios que te pueden atender, del más cercano al más lejano, y calculamos si llegan con entrega a domicilio. Podés guardar varias (Casa, Trabajo…) y cambiar de una a otra cuando quieras.',
  },
  {
    q: '¿Necesito una cuenta para comprar?',
    a: 'Podés recorrer comercios y guardar direcciones sin cuenta: quedan asociadas a este dispositivo. Para confirmar un pedido tenés que iniciar sesión, y al hacerlo tus direcciones pasan a tu cuenta.',
  },
  {
    q: '¿Qué diferencia hay entre entrega y envío a domicilio?',
    a: 'La entrega a domicilio la hace el mismo comercio, en el día y dentro de su zona de reparto. El envío a domicilio se despacha por correo o transporte y puede llegar a cualquier parte del país.',
  },
  {
    q: '¿Por qué un comercio aparece como cerrado?',
    a: 'Cada comercio publica sus horarios y puede abrir o cerrar su tienda en Barrio. Mientras está cerrado podés ver sus productos, pero no toma pedidos.',
  },
  {
    q: '¿Cómo pago?',
    a: 'Cada comercio elige los medios de pago que acepta (tarjeta, transferencia, Mercado Pago, efectivo al retirar…). Los vas a ver antes de confirmar la compra.',
  },
  {
    q: '¿Puedo cancelar o devolver una compra?',
    a: (
      <>
        Sí. Tenés 10 días corridos desde que recibís el producto para arrepentirte de una compra
        online, sin dar motivos, con el botón de arrepentimiento. Los detalles están en los{' '}
        <Anchor component={Link} to={paths.terms.getHref()} underline="always">
          Términos y condiciones
        </Anchor>
        .
      </>
    ),
  },
]

const SELLER_QUESTIONS: Question[] = [
  {
    q: '¿Cómo vendo en Barrio?',
    a: 'Creá tu cuenta y pedí ser comercio desde Mi cuenta. Cuando revisemos tus datos vas a poder cargar tu tienda, tus productos y empezar a recibir pedidos.',
  },
  {
    q: '¿Cuánto cuesta?',
    a: 'Abrir tu tienda no tiene costo de alta. Las comisiones por venta, si corresponden, te las informamos por escrito antes de activar tu cuenta de vendedor.',
  },
  {
    q: '¿Quién define precios, stock y horarios?',
    a: 'Vos. Desde el panel de vendedor cargás productos con sus variantes (talles, colores, tamaños), precios, stock y fotos, y configurás horarios, formas de entrega, radio de reparto, medios de pago e impuestos.',
  },
  {
    q: '¿Cómo me llegan los pedidos?',
    a: 'Los ves en el panel de vendedor y te avisamos por correo. Desde ahí los preparás, marcás como listos para retirar o en camino, y el cliente sigue cada paso.',
  },
  {
    q: '¿Puedo tener más de una tienda o sumar colaboradores?',
    a: 'Sí: podés administrar varias tiendas desde la misma cuenta e invitar colaboradores para que te ayuden con los pedidos y el inventario.',
  },
]

function Faq({ id, title, questions }: { id: string; title: string; questions: Question[] }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      <Accordion variant="separated" radius="md">
        {questions.map(({ q, a }) => (
          <Accordion.Item key={q} value={q}>
            <Accordion.Control>{q}</Accordion.Control>
            <Accordion.Panel>
              <Text lh={1.6}>{a}</Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  )
}

export function HelpPage() {
  return (
    <InfoPage title="Ayuda" intro="Respuestas a las preguntas más comunes de clientes y comercios.">
      <Faq id="ayuda-clientes" title="Si comprás" questions={CUSTOMER_QUESTIONS} />
      <Faq id="ayuda-comercios" title="Si vendés" questions={SELLER_QUESTIONS} />
      <Stack gap="xs" component="section" aria-labelledby="ayuda-contacto">
        <Title order={2} size="h3" id="ayuda-contacto">
          ¿Necesitás algo más?
        </Title>
        <Text lh={1.6}>
          Escribinos a <Mail to={SUPPORT_EMAIL} /> y te respondemos lo antes posible. Si tu consulta
          es sobre un pedido, incluí el número de pedido.
        </Text>
      </Stack>
      <Stack gap={4} component="section" aria-labelledby="ayuda-fuentes">
        <Title order={2} size="h5" id="ayuda-fuentes">
          Fuentes de datos
        </Title>
        <Text size="sm" c="dimmed">
          Localidades: Servicio de Normalización de Datos Geográficos de Argentina (georef-ar),
          datos.gob.ar, CC BY 4.0
        </Text>
      </Stack>
    </InfoPage>
  )
}
