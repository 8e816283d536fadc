import type { SearchSynonyms } from '../search-synonyms';

/**
 * How people in Mexico ask about money in words the documents do not use: each entry is the
 * documents' wording followed by the everyday, slang or texted ways of saying it. A question that
 * holds a variant is searched with the documents' words as well. General Mexican vocabulary,
 * not one document's.
 */
export const ES_MX_SEARCH_SYNONYMS: SearchSynonyms = [
  ['dinero', ['lana', 'varo', 'varos', 'feria', 'billete', 'pesitos']],
  ['buro de credito historial', ['buro', 'historial crediticio', 'score', 'calificacion crediticia']],
  ['reporte', ['historial', 'checar mi buro', 'consultar mi buro', 'a mi nombre']],
  ['historial crediticio', ['antecedentes', 'mal pagador', 'buen pagador', 'malos pagadores']],
  [
    'fondo de emergencia',
    [
      'guardadito',
      'ahorrito',
      'colchon',
      'imprevisto',
      'imprevistos',
      'por si algo pasa',
      'por si pasa algo',
      'algo salga mal',
      'algo feo',
    ],
  ],
  [
    'ahorrar ahorro',
    ['guardar', 'apartar', 'tips', 'consejos', 'feria guardada', 'lana guardada', 'me quede mas'],
  ],
  ['servicios pagar recibos', ['cfe', 'recibo', 'telmex', 'predial']],
  [
    'fraude victima',
    [
      'vaciaron',
      'me robaron',
      'me sacaron dinero',
      'me clonaron',
      'cargos que no hice',
      'link falso',
      'liga falsa',
      'me estafaron',
      'estafa',
      'me vieron la cara',
    ],
  ],
  [
    'categoria categorias',
    ['rubro', 'clasificar', 'clasificando', 'separar mis gastos', 'dividir mis gastos'],
  ],
  ['meses sin intereses', ['msi', 'a meses', 'pagos fijos']],
  [
    'tope presupuesto',
    ['limite', 'maximo al mes', 'ponerme un limite', 'tenia pensado gastar', 'cuanto me doy'],
  ],
  ['trabajo', ['chamba', 'jale']],
  ['celular linea', ['celular', 'numero de telefono']],
  ['tanda', ['tandas', 'cundina']],
  ['tarjeta de credito', ['tdc', 'plastico', 'la de credito']],
  ['fecha de corte', ['cierra el periodo', 'corte de la tarjeta', 'dia de corte']],
  ['fecha limite de pago', ['hasta que dia', 'ultimo dia para pagar', 'sin recargo']],
  ['pago minimo', ['lo minimo', 'abonar poquito']],
  [
    'disposicion de efectivo',
    ['sacar dinero del cajero', 'retirar efectivo', 'del cajero', 'en el cajero', 'sacar efectivo'],
  ],
  ['anualidad', ['cobro anual', 'por tener la tarjeta', 'cuota anual']],
  ['cat costo anual total', ['costo anual']],
  ['efectivo', ['cartera', 'cash', 'en la bolsa']],
  ['saldo banco', ['lo que tengo en el banco', 'saldo']],
  ['deudas', ['debo', 'adeudo', 'adeudos', 'me endeude', 'prestamos']],
  ['negociar', ['hablar con el banco', 'descuento de lo que debo', 'mas plazo', 'reestructurar']],
  ['voz audio', ['audios', 'nota de voz', 'grabar']],
  ['pagate primero', ['primero se guarda', 'primero guardar']],
  ['transferencias', ['spei', 'transferir', 'transferirle', 'mandarle', 'depositarle']],
  ['que hace iris', ['que cosas haces', 'que haces', 'para que sirves', 'como funcionas']],
  ['registro negativo', ['mancha', 'boletinado', 'boletinada', 'deje de pagar']],
  ['ingresos registrar', ['propina', 'propinas', 'trabajito', 'trabajitos', 'chambita', 'chambitas']],
  ['ingresos variables', ['no gano lo mismo', 'nunca se cuanto', 'semanas buenas']],
  ['bola de nieve', ['deuda mas chiquita', 'deuda mas pequena', 'la mas chiquita', 'la mas chica']],
  ['prestamos', ['prestamito', 'prestamitos']],
  ['pagate primero', ['lo que me sobre', 'nunca sobra', 'nunca me sobra']],
  ['fecha limite de pago', ['dia limite', 'despues del limite']],
];
