import {
  analyticsCsvFileName,
  type Analytics,
  type AnalyticsExportTable,
} from '@barrio/contracts/analytics'
import { DELIVERY_TYPE_LABELS, PAYMENT_METHOD_LABELS } from '@barrio/contracts/labels-es'
import { csvMoney as pesos, toCsv } from '../../lib/spreadsheet-csv.ts'

export { pesos, toCsv }

/** The file name and content of one table of the figures. */
export function analyticsCsv(data: Analytics, table: AnalyticsExportTable) {
  const filename = analyticsCsvFileName(table, data.from, data.to)
  switch (table) {
    case 'series':
      return {
        filename,
        text: toCsv(
          [data.granularity === 'hour' ? 'Hora' : 'Fecha', 'Ventas (ARS)', 'Pedidos'],
          data.series.map((row) => [
            data.granularity === 'hour' ? `${row.date.replace('T', ' ')}:00` : row.date,
            pesos(row.sales),
            row.orders,
          ]),
        ),
      }
    case 'byDeliveryType':
      return {
        filename,
        text: toCsv(
          ['Tipo de entrega', 'Ventas (ARS)', 'Pedidos'],
          data.byDeliveryType.map((row) => [
            DELIVERY_TYPE_LABELS[row.deliveryType],
            pesos(row.sales),
            row.orders,
          ]),
        ),
      }
    case 'byPaymentMethod':
      return {
        filename,
        text: toCsv(
          ['Medio de pago', 'Ventas (ARS)', 'Pedidos'],
          data.byPaymentMethod.map((row) => [
            PAYMENT_METHOD_LABELS[row.paymentMethod],
            pesos(row.sales),
            row.orders,
          ]),
        ),
      }
    case 'topProducts':
    case 'topProductsByUnits':
      return {
        filename,
        text: toCsv(
          ['Producto', 'Unidades', 'Ventas (ARS)'],
          data[table].map((row) => [row.title, row.units, pesos(row.sales)]),
        ),
      }
    case 'topCollections':
    case 'topCollectionsByUnits':
      return {
        filename,
        text: toCsv(
          ['Colección', 'Unidades', 'Ventas (ARS)'],
          data[table].map((row) => [row.title, row.units, pesos(row.sales)]),
        ),
      }
  }
}
