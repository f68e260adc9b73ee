import { Anchor } from '@mantine/core'
import { Link } from 'react-router'

import {
  Bullets,
  InfoPage,
  InfoSection,
  LEGAL_UPDATED_AT,
  Mail,
  P,
  PRIVACY_EMAIL,
  SUPPORT_EMAIL,
} from '@/app/routes/info/info-page'
import { paths } from '@/config/paths'

export function PrivacyPage() {
  return (
    <InfoPage
      title="Política de privacidad"
      updatedAt={LEGAL_UPDATED_AT}
      intro="Cómo tratamos tus datos personales cuando usás Barrio, y qué derechos tenés sobre ellos."
    >
      <InfoSection title="1. Quién es responsable de tus datos">
        <P>
          Barrio es responsable de la base de datos de usuarios de la plataforma, en los términos de
          la Ley 25.326 de Protección de Datos Personales y su reglamentación. Cada comercio es
          responsable, a su vez, de los datos que recibe para preparar y entregar tus pedidos.
        </P>
      </InfoSection>
      <InfoSection title="2. Qué datos recolectamos">
        <Bullets
          items={[
            'Datos de cuenta: nombre, apellido, usuario, correo electrónico, teléfono y contraseña (guardada cifrada).',
            'Direcciones de entrega: calle, altura, piso, localidad, provincia, código postal, indicaciones para el repartidor y el punto en el mapa.',
            'Pedidos: productos, montos, medio de pago elegido y estado de cada entrega. No guardamos los números completos de tus tarjetas.',
            'Datos técnicos: un identificador de dispositivo, el tipo de dispositivo y navegador, y registros de uso para seguridad.',
          ]}
        />
      </InfoSection>
      <InfoSection title="3. Para qué los usamos">
        <Bullets
          items={[
            'Mostrarte comercios y productos cerca de la dirección que elegís.',
            'Gestionar tu cuenta, tus pedidos, pagos, cancelaciones y devoluciones.',
            'Enviarte avisos sobre tus pedidos y tu cuenta (por ejemplo, códigos de ingreso).',
            'Prevenir fraudes y abusos, y cumplir obligaciones legales.',
          ]}
        />
        <P>
          No vendemos tus datos. Solo te enviamos comunicaciones promocionales si lo aceptás, y
          podés darte de baja en cualquier momento.
        </P>
      </InfoSection>
      <InfoSection title="4. Con quién los compartimos">
        <P>
          Con el comercio al que le comprás, únicamente lo necesario para preparar y entregar tu
          pedido (nombre, teléfono, dirección e indicaciones); con los proveedores que nos prestan
          servicios (alojamiento, correo electrónico, procesamiento de pagos, mapas), bajo
          obligación de confidencialidad; y con autoridades cuando una ley o una orden judicial lo
          exijan.
        </P>
      </InfoSection>
      <InfoSection title="5. Ubicación y dispositivo">
        <P>
          Usamos el punto de tu dirección para ordenar comercios por distancia. Si tocás “Usar mi
          ubicación actual”, tu navegador te pide permiso antes de compartirla y solo la usamos para
          completar esa dirección. Las direcciones que guardás sin cuenta quedan asociadas al
          identificador de tu dispositivo y pasan a tu cuenta cuando iniciás sesión.
        </P>
      </InfoSection>
      <InfoSection title="6. Tus derechos">
        <P>
          Podés acceder a tus datos, rectificarlos, actualizarlos o pedir que los eliminemos (Ley
          25.326, arts. 14 a 16). El acceso es gratuito en intervalos no inferiores a seis meses,
          salvo interés legítimo. Escribinos a <Mail to={PRIVACY_EMAIL} /> desde el correo de tu
          cuenta y te respondemos dentro de los plazos legales: 10 días corridos para el acceso y 5
          días hábiles para la rectificación o supresión.
        </P>
        <P>
          La AGENCIA DE ACCESO A LA INFORMACIÓN PÚBLICA (AAIP), en su carácter de Órgano de Control
          de la Ley N° 25.326, tiene la atribución de atender las denuncias y reclamos que
          interpongan quienes resulten afectados en sus derechos por incumplimiento de las normas
          vigentes en materia de protección de datos personales.
        </P>
      </InfoSection>
      <InfoSection title="7. Cuánto tiempo los guardamos">
        <P>
          Mientras tengas una cuenta activa, y después solo lo que la ley nos obliga a conservar
          (por ejemplo, registros de operaciones y facturación). Las direcciones y los datos que
          borrás se eliminan de nuestros sistemas activos.
        </P>
      </InfoSection>
      <InfoSection title="8. Seguridad y almacenamiento local">
        <P>
          Protegemos la información con conexiones cifradas, contraseñas con hash y accesos
          restringidos. En tu navegador guardamos algunos datos (tu dirección elegida, el modo
          noche, el identificador del dispositivo y tu sesión) para que la aplicación funcione;
          podés borrarlos desde la configuración de tu navegador.
        </P>
      </InfoSection>
      <InfoSection title="9. Cambios">
        <P>
          Si cambiamos esta política te avisamos en la aplicación antes de que el cambio entre en
          vigencia. Por consultas escribinos a <Mail to={PRIVACY_EMAIL} />.
        </P>
      </InfoSection>
    </InfoPage>
  )
}

export function TermsPage() {
  return (
    <InfoPage
      title="Términos y condiciones"
      updatedAt={LEGAL_UPDATED_AT}
      intro="Las reglas para comprar y vender en Barrio. Al usar la plataforma aceptás estas condiciones."
    >
      <InfoSection title="1. Qué es Barrio">
        <P>
          Barrio es una plataforma que conecta a clientes con comercios locales de Argentina. Barrio
          actúa como intermediario: no es el vendedor de los productos ni su fabricante, y no
          interviene en la preparación de los pedidos. Cada compra es un contrato entre vos y el
          comercio.
        </P>
      </InfoSection>
      <InfoSection title="2. Tu cuenta">
        <P>
          Tenés que ser mayor de 18 años o contar con autorización de tus padres o tutores. Los
          datos que cargás tienen que ser verdaderos y estar actualizados, y sos responsable de
          mantener segura tu contraseña. Podés recorrer los comercios sin cuenta; para comprar tenés
          que iniciar sesión.
        </P>
      </InfoSection>
      <InfoSection title="3. Responsabilidad de los comercios">
        <P>
          Cada comercio es responsable de sus productos, de la veracidad de sus descripciones y
          fotos, de sus precios y promociones, del stock, de sus horarios, de la preparación y la
          entrega de los pedidos, de emitir la factura correspondiente y de cumplir las normas que
          apliquen a su actividad. Los precios se muestran en pesos argentinos e incluyen impuestos,
          salvo que se indique otra cosa.
        </P>
      </InfoSection>
      <InfoSection title="4. Pedidos y pagos">
        <Bullets
          items={[
            'El pedido queda confirmado cuando el comercio lo acepta. Si un producto no está disponible, el comercio te avisa y no se te cobra.',
            'Pagás con los medios que acepta cada comercio. Los pagos online se procesan a través de proveedores de pago; Barrio no guarda los datos completos de tus tarjetas.',
            'El costo de la entrega o del envío, si lo hay, se muestra antes de confirmar la compra.',
          ]}
        />
      </InfoSection>
      <InfoSection title="5. Entregas">
        <P>
          Podés elegir, según lo que ofrezca cada comercio, retiro en tienda, entrega a domicilio
          (la hace el comercio dentro de su zona de reparto) o envío a domicilio (por correo o
          transporte). Los plazos son estimados y los informa el comercio.
        </P>
      </InfoSection>
      <InfoSection title="6. Cancelaciones y derecho de arrepentimiento">
        <P>
          Podés cancelar un pedido mientras el comercio no lo haya empezado a preparar. Además,
          conforme a la Ley 24.240 de Defensa del Consumidor (art. 34) y al Código Civil y Comercial
          de la Nación (arts. 1110 y siguientes), tenés derecho a revocar la compra dentro de los 10
          días corridos desde que recibiste el producto o desde que se celebró el contrato, lo
          último que ocurra, sin costo ni necesidad de dar motivos.
        </P>
        <P>
          Para hacerlo usá el botón de arrepentimiento o escribinos a <Mail to={SUPPORT_EMAIL} />{' '}
          con el asunto “Botón de arrepentimiento”, sin necesidad de iniciar sesión. Dentro de las
          24 horas te enviamos un código de identificación de tu solicitud. El producto se devuelve
          en las mismas condiciones en que lo recibiste y los gastos de devolución corren por cuenta
          del comercio. No aplica a productos perecederos o confeccionados a medida, según la ley.
        </P>
      </InfoSection>
      <InfoSection title="7. Garantías y reclamos">
        <P>
          Los productos tienen la garantía legal de la Ley 24.240. Si algo llega mal o no coincide
          con lo que compraste, hacé el reclamo desde el pedido o escribinos: te ayudamos a
          resolverlo con el comercio. También podés acudir a la autoridad de defensa del consumidor
          de tu jurisdicción o al Servicio de Conciliación Previa en las Relaciones de Consumo
          (COPREC).
        </P>
      </InfoSection>
      <InfoSection title="8. Uso correcto">
        <P>
          No está permitido usar Barrio para vender productos prohibidos, publicar contenido falso u
          ofensivo, interferir con el funcionamiento de la plataforma ni usar datos de otras
          personas sin autorización. Podemos suspender cuentas que incumplan estas reglas.
        </P>
      </InfoSection>
      <InfoSection title="9. Privacidad">
        <P>
          Tratamos tus datos según nuestra{' '}
          <Anchor component={Link} to={paths.privacy.getHref()} underline="always">
            Política de privacidad
          </Anchor>
          .
        </P>
      </InfoSection>
      <InfoSection title="10. Cambios y ley aplicable">
        <P>
          Podemos actualizar estos términos; te avisamos antes de que los cambios entren en
          vigencia. Se rigen por las leyes de la República Argentina. Para cualquier controversia
          con consumidores es competente el tribunal del domicilio del consumidor.
        </P>
      </InfoSection>
    </InfoPage>
  )
}
