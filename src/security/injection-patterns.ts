/**
 * The phrases of prompt injection (docs/gemini.md), in English, Portuguese and Spanish,
 * matched against folded text (lower case, no accents; see `normalize.ts`). Each pattern has
 * the category of the specification's test suite and the least risk it implies:
 *
 * | category             | base risk | why                                                         |
 * |----------------------|-----------|-------------------------------------------------------------|
 * | role_override        | MEDIUM    | seed: "flag + sanitize"; the phrase is cut before the model |
 * |   (jailbreak names)  | HIGH      | "DAN", "developer mode": no honest request says that        |
 * | system_leak          | HIGH      | seed: "block + fallback"                                    |
 * | delimiter            | MEDIUM    | seed: "sanitize delimiters"                                 |
 * | context_manipulation | MEDIUM    | a claim of power changes nothing (roles and confirmations   |
 * |                      |           | are enforced by the gates), so it is cut, not refused       |
 * | data_exfil           | HIGH      | other tenants, secrets, dumps: never an honest request      |
 * | sql_injection        | HIGH      | SQL syntax has no place in a chat message                   |
 *
 * `encoding` has no phrases: the detector raises it when a phrase shows up only after
 * normalizing or decoding (see `injection-detector.ts`).
 *
 * Patterns are kept narrow on purpose: a false HIGH refuses an honest customer. "quais são as
 * regras" (a question about boletos) is not a leak; "quais são suas instruções" is.
 */

export const INJECTION_CATEGORIES = [
  'role_override',
  'system_leak',
  'delimiter',
  'encoding',
  'context_manipulation',
  'data_exfil',
  'sql_injection',
] as const;
export type InjectionCategory = (typeof INJECTION_CATEGORIES)[number];

export const RISK_LEVELS = ['NONE', 'LOW', 'MEDIUM', 'HIGH'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export interface InjectionPattern {
  id: string;
  category: Exclude<InjectionCategory, 'encoding'>;
  risk: Exclude<RiskLevel, 'NONE'>;
  /** Matched against folded text; global flag so that every span can be cut by the sanitizer. */
  regex: RegExp;
}

const p = (
  id: string,
  category: InjectionPattern['category'],
  risk: InjectionPattern['risk'],
  source: string,
): InjectionPattern => ({ id, category, risk, regex: new RegExp(source, 'gu') });

// Word lists reused below (folded: no accents).
const IGNORE_EN = '(?:ignore|disregard|forget|override|bypass|skip)';
const IGNORE_PT =
  '(?:ignore|ignora|ignorem|ignorar|desconsidere|desconsidera|esqueca|esquece|esquecer|despreze|descarte)';
const IGNORE_ES = '(?:ignora|ignore|ignoren|ignorar|olvida|olvide|olvidar|descarta|omite|desobedece)';
const RULES_EN =
  '(?:instructions?|rules?|prompts?|directives?|guidelines?|restrictions?|constraints?|guardrails?)';
const RULES_PT = '(?:instrucoes|instrucao|regras|orientacoes|diretrizes|prompt|restricoes|comandos|limites)';
const RULES_ES =
  '(?:instrucciones|instruccion|reglas|indicaciones|directrices|prompt|restricciones|ordenes|limites)';
const SHOW = '(?:repeat|reveal|show|print|display|output|tell me|give me|leak|dump|copy|write out|list)';
const SHOW_PT =
  '(?:repita|repete|repetir|mostre|mostra|mostrar|revele|revela|revelar|exiba|exibe|imprima|imprime|diga|diz|me (?:de|da|passe|passa|mostre|mostra|conte|conta|envie|manda)|copie|escreva|liste|quais (?:sao|foram)|qual (?:e|foi))';
const SHOW_ES =
  '(?:repite|repetir|muestra|muestrame|mostrar|revela|revelame|revelar|imprime|dime|dame|escribe|copia|lista|cuales (?:son|fueron)|cual (?:es|fue))';

export const INJECTION_PATTERNS: readonly InjectionPattern[] = [
  // role_override
  p(
    'ignore_rules_en',
    'role_override',
    'MEDIUM',
    `\\b${IGNORE_EN}\\b.{0,40}?\\b${RULES_EN}\\b(?: (?:above|before|you were given))?`,
  ),
  p(
    'ignore_rules_pt',
    'role_override',
    'MEDIUM',
    `\\b${IGNORE_PT}\\b.{0,40}?\\b${RULES_PT}\\b(?: (?:anteriores|acima|iniciais|originais|do sistema))?`,
  ),
  p(
    'ignore_rules_es',
    'role_override',
    'MEDIUM',
    `\\b${IGNORE_ES}\\b.{0,40}?\\b${RULES_ES}\\b(?: (?:anteriores|previas|de arriba|iniciales|originales|del sistema))?`,
  ),
  p(
    'you_are_now_en',
    'role_override',
    'MEDIUM',
    `\\b(?:you are now|you're now|you are no longer|from now on,? you(?: are| will)?|pretend (?:to be|you are|that you))\\b`,
  ),
  p(
    'act_as_en',
    'role_override',
    'MEDIUM',
    `\\b(?:act|behave|respond|roleplay) as (?:an? |the |my )?(?:admin|administrator|root|developer|system|unrestricted|unfiltered|different|new|evil)\\b`,
  ),
  p(
    'you_are_now_pt',
    'role_override',
    'MEDIUM',
    `\\b(?:(?:agora|a partir de agora),? (?:voce|vc|tu) (?:e|es|sera|vai ser|age|atua|passa a ser)|(?:voce|vc|tu) (?:agora|a partir de agora) (?:e|es|sera|vai ser|age|atua|passa a ser)|voce nao e mais|finja (?:que|ser)|(?:aja|atue|comporte-se|se comporte|responda) como (?:um |uma |o |a )?(?:admin|administrador|root|desenvolvedor|sistema|outro|outra|ia sem))\\b`,
  ),
  p(
    'you_are_now_es',
    'role_override',
    'MEDIUM',
    `\\b(?:(?:ahora|a partir de ahora|desde ahora),? (?:tu )?(?:eres|seras|actuas|vas a ser)|tu (?:ahora|a partir de ahora) (?:eres|seras|actuas|vas a ser)|ya no eres|finge (?:que|ser)|(?:actua|comportate|responde) como (?:un |una |el |la )?(?:admin|administrador|root|desarrollador|sistema|otro|otra|ia sin))\\b`,
  ),
  p(
    'new_instructions',
    'role_override',
    'MEDIUM',
    `\\b(?:new|updated|novas?|nuevas?) (?:instructions|system instructions|instrucoes|instrucciones|regras|reglas)\\b\\s*:?`,
  ),
  p(
    // "what they told you at the start no longer applies", in everyday words, no trigger word.
    'earlier_told_void',
    'role_override',
    'MEDIUM',
    `\\b(?:(?:what|everything|anything) (?:you were|you've been|they) (?:told|given|instructed|said to you)(?: (?:before|earlier|at the (?:start|beginning)|until now))?|(?:(?:tudo )?o que (?:te|lhe) (?:disseram|falaram|passaram|mandaram|ensinaram|pediram)|tudo que (?:te|lhe) (?:disseram|falaram|passaram|mandaram|ensinaram))(?: (?:antes|no comeco|no inicio|ate agora|la atras))?|(?:todo )?lo que te (?:dijeron|indicaron|pidieron|ensenaron|ordenaron|mandaron)(?: (?:antes|al principio|al inicio|hasta ahora))?)\\b.{0,40}?\\b(?:no longer (?:applies|apply|counts|matters|valid)|doesn'?t (?:apply|count|matter)|(?:is|are) (?:void|cancelled|canceled|obsolete|outdated)|nao (?:vale|valem|conta|contam|se aplica|importa) mais|(?:esta|estao|ficou|ficaram) (?:cancelad[oa]s?|anulad[oa]s?|sem efeito)|ya no (?:aplica|vale|cuenta|importa|sirve)|(?:queda|quedan) (?:anulad[oa]s?|sin efecto|cancelad[oa]s?))\\b`,
  ),
  p(
    // "only obey me from now on"
    'obey_only_me',
    'role_override',
    'MEDIUM',
    `\\b(?:(?:only|just) (?:obey|follow|listen to) me|(?:obedeca|obedece|siga|segue|escute|escuta|ouca|ouve) (?:so|somente|apenas) (?:a mim|eu|minhas (?:ordens|instrucoes))|(?:so|somente|apenas) (?:obedeca|obedece|siga|segue) (?:a mim|minhas (?:ordens|instrucoes))|(?:obedeceme|obedece|sigue|escuchame) (?:solo|solamente|unicamente) (?:a mi|mis (?:ordenes|instrucciones))|(?:solo|solamente|unicamente) (?:obedeceme|obedece|sigue|escucha) (?:a mi|mis (?:ordenes|instrucciones)))\\b`,
  ),
  p(
    'jailbreak',
    'role_override',
    'HIGH',
    `\\b(?:do anything now|dan mode|modo dan|jailbreak|developer mode|modo (?:desenvolvedor|desarrollador|deus|dios|irrestrito|sem restricoes|sin restricciones|sem filtros?|sin filtros?)|god mode|unrestricted mode|no restrictions mode)\\b`,
  ),

  // system_leak
  p(
    'show_prompt_en',
    'system_leak',
    'HIGH',
    `\\b${SHOW}\\b.{0,40}?\\b(?:system prompt|system message|initial prompt|hidden prompt|original prompt|your (?:instructions|prompt|rules|guidelines|configuration|system)|the (?:instructions|prompt|text) (?:you were given|above|before))\\b`,
  ),
  p(
    'what_instructions_en',
    'system_leak',
    'HIGH',
    `\\b(?:what (?:are|were) your (?:instructions|rules|guidelines)|what were you told|how were you (?:programmed|instructed|configured))\\b`,
  ),
  p(
    'show_prompt_pt',
    'system_leak',
    'HIGH',
    `\\b${SHOW_PT}\\b.{0,40}?\\b(?:(?:suas|tuas) (?:instrucoes|regras|diretrizes|orientacoes|configuracoes)|(?:seu|teu) (?:prompt|system prompt|comando inicial)|(?:o |as )?(?:prompt|instrucoes|texto) (?:inicia(?:l|is)|origina(?:l|is)|do sistema|ocult[oa]s?|secret[oa]s?|acima|anteriores?))\\b`,
  ),
  p(
    'show_prompt_es',
    'system_leak',
    'HIGH',
    `\\b${SHOW_ES}\\b.{0,40}?\\b(?:tus (?:instrucciones|reglas|directrices|indicaciones|configuraciones)|tu (?:prompt|system prompt|configuracion)|(?:el |las )?(?:prompt|instrucciones|texto) (?:inicia(?:l|les)|origina(?:l|les)|del sistema|ocult[oa]s?|secret[oa]s?|de arriba|anteriores?))\\b`,
  ),
  p(
    'system_prompt_words',
    'system_leak',
    'HIGH',
    `\\b(?:system prompt|prompt (?:do|del|de) sistema|instrucoes (?:do|de) sistema|instrucciones (?:del|de) sistema|mensagem (?:do|de) sistema|mensaje (?:del|de) sistema|instrucoes (?:ocultas|secretas|internas|escondidas)|instrucciones (?:ocultas|secretas|internas|escondidas)|hidden (?:instructions|rules|prompt)|(?:instructions|guidelines|rules|prompt) verbatim|verbatim (?:instructions|guidelines|rules|prompt)|(?:instrucoes|regras|diretrizes|prompt) (?:palavra por palavra|ao pe da letra|na integra|literalmente)|(?:instrucciones|reglas|directrices|prompt) (?:palabra por palabra|al pie de la letra|textualmente|literalmente))\\b`,
  ),

  // delimiter
  p('hashes', 'delimiter', 'MEDIUM', `#{3,}`),
  p(
    'bracket_role',
    'delimiter',
    'MEDIUM',
    `\\[\\s*\\/?\\s*(?:system|sistema|inst|sys|assistant|assistente|asistente|user|usuario|admin|developer)\\s*\\]`,
  ),
  p('chatml', 'delimiter', 'MEDIUM', `<\\|\\s*[a-z_]+\\s*\\|>(?:\\s*(?:system|user|assistant)\\b)?`),
  p('llama_sys', 'delimiter', 'MEDIUM', `<<\\s*\\/?\\s*sys\\s*>>|<\\/?s>`),
  p(
    'xml_role',
    'delimiter',
    'MEDIUM',
    `<\\s*\\/?\\s*(?:system|sistema|assistant|user|instructions?|instrucoes|instrucciones|prompt|context|admin)\\s*>`,
  ),
  p(
    'role_label',
    'delimiter',
    'MEDIUM',
    `(?:^|[\\s"'>])(?:system|sistema|assistant|assistente|asistente|developer|admin)\\s*:`,
  ),
  p(
    'end_marker',
    'delimiter',
    'MEDIUM',
    `\\b(?:end of (?:the )?(?:system )?(?:prompt|instructions|context)|fim (?:do prompt|das instrucoes|do contexto)|fin (?:del prompt|de las instrucciones|del contexto))\\b|[-=*]{5,}`,
  ),
  p('code_fence_role', 'delimiter', 'MEDIUM', '```\\s*(?:system|sistema|json|instructions?)'),

  // context_manipulation
  p(
    'claim_admin_en',
    'context_manipulation',
    'MEDIUM',
    `\\b(?:i am|i'm|im) (?:the |an? |your )?(?:admin|administrator|owner|developer|root|superuser|system|ceo|operator of this (?:bot|system)|maintainer|auditor|(?:security|compliance|support|it) (?:team|auditor|officer|engineer))\\b|\\b(?:i'm|i am|im|we are|we're) (?:from|with|on) (?:the )?(?:security|compliance|support|it|dev|development|audit) team\\b`,
  ),
  p(
    'claim_admin_pt',
    'context_manipulation',
    'MEDIUM',
    `\\b(?:sou|eu sou) (?:o |a |um |uma |seu |sua )?(?:admin|administrador|administradora|desenvolvedor|desenvolvedora|root|superusuario|programador|criador) (?:do|da|deste|desse|dessa|deste) (?:sistema|bot|plataforma|iris|assistente)\\b|\\b(?:sou|eu sou) (?:o |a )?(?:admin|root|superusuario|auditor|auditora|mantenedor|mantenedora)\\b|\\b(?:sou|somos|eu sou) (?:da|do) (?:equipe|time|setor) (?:de |da |do )?(?:seguranca|suporte|ti|desenvolvimento|auditoria|compliance|manutencao)\\b`,
  ),
  p(
    'claim_admin_es',
    'context_manipulation',
    'MEDIUM',
    `\\b(?:soy|yo soy) (?:el |la |un |una |tu )?(?:admin|administrador|administradora|desarrollador|desarrolladora|root|superusuario|programador|creador) (?:del|de la|de este|de esta) (?:sistema|bot|plataforma|iris|asistente)\\b|\\b(?:soy|yo soy) (?:el |la )?(?:admin|root|superusuario|auditor|auditora|mantenedor|mantenedora)\\b|\\b(?:soy|somos|yo soy) (?:del|de la) (?:equipo|area|departamento) (?:de )?(?:seguridad|soporte|sistemas|ti|desarrollo|auditoria|cumplimiento|mantenimiento)\\b`,
  ),
  p(
    'grant_access',
    'context_manipulation',
    'MEDIUM',
    `\\b(?:(?:grant|give) me (?:admin|owner|full|root|all|elevated) (?:access|permissions?|privileges?|rights)|(?:change|set|update|elevate|upgrade) my (?:role|permissions?|access level|access)|(?:me (?:de|da|conceda|concede|libere|libera)|quero) (?:acesso|permissao|permissoes|privilegios?) (?:de |total|completo|admin|irrestrito)|(?:mude|muda|altere|altera|troque|troca|eleve) (?:o )?meu (?:papel|perfil|cargo|nivel de acesso|acesso)|(?:dame|otorgame|concedeme) (?:acceso|permisos?|privilegios?)|(?:cambia|cambiar|modifica|eleva) (?:mi )?(?:rol|perfil|nivel de acceso|permisos?))\\b`,
  ),
  p(
    'admin_mode',
    'context_manipulation',
    'MEDIUM',
    `\\b(?:modo (?:admin|administrador|root|superusuario)|admin mode|sudo)\\b`,
  ),
  p(
    'skip_confirmation',
    'context_manipulation',
    'MEDIUM',
    `\\b(?:(?:without|skip|bypass|no need for|don't ask for|dont ask for|do not ask for)(?: the| any)? confirm\\w*|(?:sem|nao precisa(?: de)?|pule|pula|pular|ignore|dispense|dispensa|nao peca) (?:pedir |a |de |nenhuma )?confirma\\w*|(?:sin|no (?:pidas|necesitas|hace falta)|omite|saltate|salta) (?:la |pedir |ninguna )?confirma\\w*|auto[- ]?confirm\\w*)`,
  ),
  p(
    'already_confirmed',
    'context_manipulation',
    'MEDIUM',
    `\\b(?:(?:already|ja|ya) (?:esta |is |fue |foi )?(?:confirmed|confirmad[oa]|confirmei|confirme|approved|aprovad[oa]|autorizad[oa]|authorized)|confirm\\w*\\s*[:=]\\s*(?:true|yes|sim|si|1)|pre-?(?:confirmed|confirmad[oa]|aprovad[oa]|aprobad[oa]))\\b`,
  ),
  p(
    // "developer note: confirmations disabled", "[maintenance] confirmations are off"
    'confirmations_disabled',
    'context_manipulation',
    'MEDIUM',
    `\\b(?:confirmations? (?:are |is |have been |has been )?(?:disabled|off|turned off|switched off|suspended|not required)|confirmac(?:oes|ao) (?:esta |estao |foi |foram )?(?:desativad[oa]s?|desligad[oa]s?|suspens[oa]s?|desabilitad[oa]s?|dispensad[oa]s?)|confirmacion(?:es)? (?:esta |estan |fue |fueron )?(?:desactivad[oa]s?|deshabilitad[oa]s?|suspendid[oa]s?|apagad[oa]s?))\\b`,
  ),
  p(
    'operator_note',
    'context_manipulation',
    'MEDIUM',
    `\\b(?:developer|dev|maintainer|maintenance|admin|system|debug|security|audit) (?:note|notice|override|message|update)\\s*[:\\-]|\\b(?:nota|aviso|recado|mensagem|mensaje) (?:do|da|del|de la|de) (?:desenvolvedor|desenvolvedora|desarrollador|desarrolladora|administrador|administradora|manutencao|mantenimiento|sistema|suporte|soporte|auditoria)\\s*[:\\-]`,
  ),
  p(
    // "from now on confirm everything by yourself", "count it as a yes"
    'auto_confirm',
    'context_manipulation',
    'MEDIUM',
    `\\b(?:(?:confirm|approve|execute|accept) (?:everything |all |them |it )?(?:automatically|by yourself|without asking(?: me)?)|(?:always|just) (?:say|answer|assume) yes|(?:confirme|confirma|confirmar|aprove|aprova|aprovar|execute|executa|executar|aceite|aceita) (?:tudo |todas? |todos |isso |elas |eles )?(?:automaticamente|sozinh[oa]|sem me perguntar|sem perguntar|direto)|(?:considere|considera|conte|conta|assuma|assume|tome|toma) (?:isso |tudo |todas? |sempre )?(?:como )?(?:um )?sim\\b(?: (?:pra|para) (?:tudo|todas|sempre))?|(?:confirma|aprueba|ejecuta|acepta|confirmalo|apruebalo|ejecutalo) (?:todo |todas? |todos )?(?:automaticamente|tu solo|tu sola|sin preguntarme|sin preguntar|directo)|(?:toma|considera|asume|cuenta) (?:eso |todo |todas? |siempre )?(?:como )?(?:un )?si (?:para |a )?(?:todo|todas|todos|siempre)\\b)`,
  ),
  p(
    // a pasted assistant turn with the person "answering" it: a transcript written by the sender
    'fake_transcript',
    'context_manipulation',
    'HIGH',
    `(?:confirma\\? \\(sim\\/nao\\)|responde: si \\/ no|responda: sim \\/ nao)[\\s\\S]{0,80}?(?:user|usuario|human|humano|cliente|eu|yo|me|voce|tu|ana|\\w+)\\s*:\\s*(?:sim|si|yes|ok|confirmo)\\b|(?:^|[\\s"'>])(?:iris|assistant|assistente|asistente|bot|ai|ia)\\s*:[^\\n]{0,200}?\\b(?:confirma|confirmar|confirm)\\w*\\??[\\s\\S]{0,80}?(?:user|usuario|human|humano|cliente|eu|yo|me|voce|tu)\\s*:\\s*(?:sim|si|yes|ok|confirmo)\\b`,
  ),
  p(
    'identity_keys',
    'context_manipulation',
    'MEDIUM',
    `\\b(?:role|papel|rol|user_?id|usuario_?id|is_?admin)\\s*[:=]`,
  ),

  // data_exfil
  p(
    'other_tenants',
    'data_exfil',
    'HIGH',
    `\\b(?:tenants?|tenant_?ids?|multi-?tenant|other (?:companies|organizations|accounts|customers'? data|users'? data)|(?:outr[oa]s|demais|tod[oa]s (?:os|as)) (?:empresas|contas|usuarios do sistema|clientes da plataforma|clientes do sistema|condominios)|(?:otr[oa]s|demas|tod[oa]s (?:los|las)) (?:empresas|cuentas|usuarios del sistema|clientes de la plataforma|clientes del sistema|inquilinos))\\b`,
  ),
  p(
    'secrets',
    'data_exfil',
    'HIGH',
    `\\b(?:api[ _-]?keys?|chaves? (?:da|de) api|claves? (?:de|del) api|access tokens?|tokens? de (?:acesso|acceso)|passwords?|senhas?|contrasenas?|credentials|credenciais|credenciales|secret keys?|private keys?|environment variables|variaveis de ambiente|variables de entorno|\\.env|connection string|string de conexao|cadena de conexion)\\b`,
  ),
  p(
    'dump_data',
    'data_exfil',
    'HIGH',
    `\\b(?:dump|export|exporte|exportar|exporta|baixe|download|descarga|descargar|send me|envie-me|me envie|enviame|extraia|extrae|copie|copia)\\b.{0,30}?\\b(?:all|every|tod[oa]s|tudo|todo)\\b.{0,30}?\\b(?:data|dados|datos|records|registros|users|usuarios|contacts|contatos|contactos|tables?|tabelas?|tablas?|database|banco|base de datos)\\b`,
  ),
  p(
    'database_words',
    'data_exfil',
    'HIGH',
    `\\b(?:(?:dump|conteudo|contenido|contents?) (?:of |do |da |de la |del )?(?:the )?(?:database|banco de dados|base de datos|tabela|tabla|table)|(?:database|banco de dados|base de datos) (?:dump|schema|esquema))\\b`,
  ),
  p(
    'other_users_data',
    'data_exfil',
    'HIGH',
    `\\b(?:boletos|contatos|contactos|contacts|dados|datos|data|gastos|transacoes|transacciones|transactions|informacoes|informacion|information) (?:de|of|from) (?:outros?|outras?|otros?|otras?|other|another|todos os usuarios|todos los usuarios|all users|every user)\\b`,
  ),

  // sql_injection
  p(
    'sql_tautology',
    'sql_injection',
    'HIGH',
    `'\\s*(?:or|and|\\|\\|)\\s*'?\\w*'?\\s*(?:=|like)\\s*'?\\w*|\\bor\\s+'?1'?\\s*=\\s*'?1\\b`,
  ),
  p(
    'sql_stacked',
    'sql_injection',
    'HIGH',
    `;\\s*(?:drop|delete|truncate|alter|insert|update|create|grant|exec|execute|shutdown)\\b`,
  ),
  p('sql_union', 'sql_injection', 'HIGH', `\\bunion(?:\\s+all)?\\s+select\\b`),
  p(
    'sql_ddl',
    'sql_injection',
    'HIGH',
    `\\b(?:drop|truncate)\\s+(?:table|database|schema)\\b|\\bdelete\\s+from\\s+\\w+\\s*(?:where\\b|;|$)|\\binsert\\s+into\\s+\\w+\\s*(?:\\(|values\\b|select\\b)|\\bupdate\\s+\\w+\\s+set\\s+\\w+\\s*=|\\bselect\\s+(?:\\*|\\w+(?:\\s*,\\s*\\w+)+|\\w+)\\s+from\\s+\\w+\\s*(?:where\\b|limit\\b|order\\b|;|--|$)`,
  ),
  p(
    'sql_functions',
    'sql_injection',
    'HIGH',
    `\\b(?:pg_sleep|sleep|benchmark|waitfor\\s+delay|xp_cmdshell|load_file|into\\s+outfile)\\s*[('"]|\\binformation_schema\\b|\\bpg_(?:catalog|tables|user|shadow|read_file)\\b`,
  ),
  p('sql_comment', 'sql_injection', 'HIGH', `'\\s*\\)?\\s*;?\\s*(?:--|#|\\/\\*)`),
];
