import type { SpeechActRules } from '../intent-model/write-evidence';

/**
 * es-MX speech acts for the write check (see `intent-model/write-evidence.ts`), on text folded
 * to lower case without accents.
 */
const ACTION =
  '(?:registrar|registra|anotar|anota|apuntar|apunta|poner|pon|ponme|guardar|guarda|agregar|agrega|actualizar|' +
  'actualiza|cambiar|cambia|borrar|borra|quitar|quita|eliminar|elimina|subir|bajar|ajustar|fijar|establecer)';

export const ES_MX_SPEECH_ACTS: SpeechActRules = {
  question: new RegExp(
    '[?¿]|^(?:y )?(?:cuanto|cuantos|cuanta|que|como|cual|cuales|cuando|donde|por que|puedo|podria|me alcanza|me da para|alcanzo|ya (?:registre|anote|pague))\\b',
  ),
  politeRequest: new RegExp(
    `\\b(?:me\\s+)?(?:puedes|podrias|podras|ayudas a|ayudarias a|me haces el favor de)\\s+(?:me\\s+)?${ACTION}\\w*`,
  ),
  // "ojalá…" is a wish: "ojalá me paguen el bono de 5 mil" logs nothing; so is a resolution
  // for later ("el año que entra a ver si por fin me aguanto con 10 mil al mes"), but not the
  // hope after a request ("ponme un presupuesto de 10 mil, a ver si me aguanto" is one); nor
  // what will happen if a later day goes well ("si mañana vendo todos los elotes ya la hice",
  // "mañana si no llueve saco unos 1,500"), nor what a condition would force ("si mi roomie se
  // muda voy a tener que bajar el presupuesto a 8 mil"); nor a week told to let off steam,
  // said so ("… y hoy amanecí con 200 pesos. Nomás quería desahogarme jaja"); nor a request put
  // off ("pon mi presupuesto en 12 mil pero todavía no", "iba a comprar unos tenis de 1,200 pero
  // mejor no", "luego te digo cuánto gasté", "cuando me caiga la quincena la registras").
  hypothetical:
    /^(?!.*\b(?:anot|apunt|registr|agreg|ponl|ponm|guard)\w*).*\b(?:nomas|nada mas|solo|solamente|namas)\s+(?:queria|quiero|era para|era pa)\s+(?:desahogarme|contarte|platicarte|chismearte|quejarme|compartirte)\b|^(?:\w+\W+){0,3}?si\s+[^.?!]{0,60}\b(?:voy a tener que|vamos a tener que|tendre que|tendria que|tendriamos que|me va a tocar|me tocaria)\b|(?:^|\b(?:entra|viene|proximo|siguiente)\s+)a ver si (?:por fin |ya |ahora |esta vez )?(?:me aguanto|aguanto|logro|consigo|me pongo)\b|\bsi\s+(?:me|nos|te|les?)\s+(?:suben|dan|pagan|depositan|aumentan|llega|llegan|cae|caen)\b|^(?:\w+\W+)?si\s+(?:el|la|los|las|mi|mis|este|esta)\s+\w+\s+(?:me|nos)\b|^(?:\w+\W+){0,3}?si\s+(?:manana|pasado manana|el (?:lunes|martes|miercoles|jueves|viernes|sabado|domingo|fin)|la (?:otra|proxima) semana|el (?:otro|proximo) (?:mes|lunes|viernes))\b|\b(?:manana|pasado manana)\s+si\b|\b(?:ojala|algun dia|quien sabe|a lo mejor|y si|que pasa si|que tal si|suponiendo|si (?:me )?(?:compro|gasto|pago|saco|pido)|si quisiera|me alcanza|me da para|alcanzo para|me ajusta)\b|\bpero\s+(?:todavia|aun|mejor)\s+no\b|\b(?:luego|al rato|mas tarde|despues)\s+te\s+(?:lo\s+|la\s+)?(?:digo|paso|aviso|confirmo|mando)\b|^(?:\S+\s+){0,2}cuando\s+me\s+(?:caiga|llegue|paguen|depositen)\b|\bya\s+que\s+pase\b|\b(?:iba|queria)\s+a?\s*(?:comprar|gastar|pagar|anotar|registrar|poner|apuntar)\b[^.?!]*\bpero\b/,
  // Iris keeps track of money; it never moves it: "pásale 5 mil a mi hermano por spei",
  // "págueme el recibo de la luz", "invierteme 10k en cetes". A transfer received
  // ("me llegó una transferencia") is not one of these.
  // Nor lends it, nor pays with it: "préstame 2 mil", "paga mi tarjeta Nu con lo que tengo".
  outOfReach:
    /\b(?:transfiere(?:le|me)?|transfierele|transferir(?:le)?|haz(?:me)? (?:una|la) transferencia|hacer (?:una|la) transferencia|pasale|depositale|pagame|pagueme|pagale|paguele|paga por mi|invierte(?:me|le)?|invertir|prestame|prestanos|presteme)\b|(?:^|[.,;!?]\s*)(?:oye\s+|iris\s+)?paga (?:mi|mis)\b|\b(?:cancela|cancelame|cancelen|da de baja|dame de baja)\s+(?:mi|mis)\s+(?:tarjetas?|cuentas?)\b|\babre(?:me)?\s+(?:una|mi)\s+cuenta\b/,
  negated: new RegExp(
    `\\bno\\s+(?:me\\s+|le\\s+)?(?:(?:quiero|necesito|voy a|vayas a|hace falta|hay que)\\s+)?${ACTION}\\b|\\bno (?:gaste|pague|compre)\\b|` +
      // Taken back: "anota 200 de tacos... olvídalo, no lo anotes".
      `\\b(?:no|ni)\\s+(?:me\\s+|le\\s+|lo\\s+|la\\s+|los\\s+|las\\s+)?(?:anotes|apuntes|registres|pongas|guardes|agregues|cambies|borres|actualices|quites)\\b(?![^.?!]*,\\s*(?:mejor\\s+|mas bien\\s+)?${ACTION}\\b)|\\bolvidalo\\W*$|\\bno es (?:cierto|verdad)\\b|` +
      // Told as what had been done, with no request after it: "¿ya me pasé en restaurantes?
      // le había puesto 2 mil de tope" asks about the cap, it does not set it.
      `\\bhabia(?:mos)?\\s+(?:puesto|anotado|apuntado|registrado|fijado|dicho)\\b(?!.*\\b${ACTION}\\b)|` +
      // A loan or card refused is nothing owed: "me acaban de negar un crédito en Coppel".
      `\\b(?:me|nos)\\s+(?:acaban de\\s+)?(?:negaron|nego|negar|rechazaron|rechazo|rechazar)\\b`,
  ),
  evidence: {
    LOG_TRANSACTION:
      /\b(?:gast|pagu|pago|compr|cobr|deposit|recib|vend|cay|llego|llegaron|salio|costo|puse|cargu|di|dimos|registr|anot|apunt|agreg|guard|ingreso|entrada|salida|fueron|fue|prestaron|regalaron|invit|gane)\w*|\d|xvalor/,
    SET_BUDGET:
      /\b(?:presupuest|tope|limite|maximo|max|no mas de|menos de|pasarme|meta|gastar mas de|gastar arriba de)\w*/,
    MANAGE_DEBT: /\b(?:deb|deud|prestamo|credito|tarjeta|liquid|minimo|adeud|financ)\w*/,
    // Cash is not the bank balance: "tengo 5 mil en efectivo" asks for nothing to store.
    SET_BANK_BALANCE:
      /^(?!.*\b(?:efectivo|cash|cartera|bolsa|alcancia)\b).*\b(?:saldo|banco|cuenta|bbva|banamex|citibanamex|banorte|santander|hsbc|scotiabank|nu|azteca|inbursa|spin|klar|stori|debito|tarjeta de debito)\b/,
  },
  unambiguous: {
    // "ya le pagué los 3 mil que le debía a mi cuñada" pays a debt off: no spend to log.
    LOG_TRANSACTION:
      /\b(?:gaste|pague(?![^.;!?]*\b(?:que|q) (?:le |les )?debia)|compre|me cobraron|me pagaron|me depositaron)\b/,
    SET_BUDGET: /\b(?:presupuesto|tope)\b/,
    MANAGE_DEBT: /\b(?:deuda|debo|prestamo)\b/,
  },
};
