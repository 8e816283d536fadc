/**
 * Correctly spelt Portuguese words that are one edit away from a keyword of `lexicon.ts`, and
 * so must never be "corrected" ("pagar" is not a typo of "apagar", "conta" not of "monta",
 * "alberto" not of "aberto"). Typo correction skips them.
 *
 * Generated from Debian's Brazilian Portuguese word list (package `wbrazilian`,
 * /usr/share/dict/brazilian, 3.0~beta4): every word, folded, that the corrector would change.
 * The unit test `nlu-pt-br-lexicon` recomputes the list when that file is installed and names
 * any new collision, so adding a keyword cannot silently start rewriting real words.
 */
export const DICTIONARY_COLLISIONS: readonly string[] = `
abertas abeto abetos aboleto aborto abortos abrasado abrasados abrigada abrigado acento acerto
acertos acuda adaga adentro adula adular adule afaga afagar afague afazer afinal aguda alaga alagar
alague alberto alerto alisa alisando alisar alise alista alistar aliste aluda amansa amostra
amostrar amostre andar anela anelar anele angular anual anuia apagaram apagou apanha apara aparar
apega apegar apegue aperto apertos aposto aproxima aproximo aranha areais arrasado arrasados
atracado atracados atrasadas atrasamo atrasamos atrasando atura aturas aviando aviar avias avida
avies avila avira avisado avista avistando avistar aviste aviva avivando avivar avive azula azular
azule babado bagos banca bancar banda bandar barco beira bento bolemo bolemos bolero boleros
brecado brigada brigado cabra cagaram cagou caiar calando calar canceladas cancelamo cancelamos
cancelando canela canto cantos carie ceais ceira censo centro cerca certo cesto chancela chefa
chega chegar cheia chiar chica choca chocar cinto cintos coara cobria cobrir coito coitos coleto
comandas comandes congo consto consular consultor conta contar contas contes corar corra corto
couto creia crida crime crina crise criva crivar crive cubra cueca cunho curia danca dancar delata
delatar delate delega delegar deleita deleitar deleite delta demita demite demitir depoes depos
descreva descreve descrever desfez desfiz desfizer destro devesseis digna dileta dista distar diste
dobra dobrar dominio domino duais duzentas edita edite elite emana emitia enfia enfiar enfie entro
envira ermita escrava escrevia escriva evita evite excluia falado falda falha falhando falhar falia
falindo falir falsa falta faltando faltar fartura fatora fatoras faturais fatures feita feiura
feria ferira ferra fieira filando filar finte fizer fraca fratura fraturas freais freira futura
futuras gabado gagos geais geara gelar geria gerir germe girar gorar gosto imita imite inova inovo
jazer julgo julio junco junto lacar lagos laica lancha lanchar lanka lasca lascar leais lebre lento
leste listarem listra macro magda magos manada manca mancar manco manea manear maneiro manga manha
mania manja manjar manje mansa manta mante marcho marcio mario masco matura maturas meira membra
menta mento mestra mestre minta mista modos moita monja monstra monto morta noiva noivo nojenta
novecentas novena obrigamo obrigando obrigara obrigava ocorro oitocentas omita omite omitir ostenta
ostra pagaos pagar pagarem pagariam pagas pagavam pague panca panda panos paparam papos papou
pararam parco parou patos pecado pegaram pegou pendeste pendestes perca perguntado pinte pista
ponta ponto pontos precioso precisao preze provimo punho quanta quantas quartos quata quatis
quatrocentas quebro quedo quieta quina quinhentas quintos quita quitadas quitamo quitamos quitando
ralando ralar reagis recaido recaio recais recato receado recuado regado regais regis rejais remado
remais remis remoce remoe remoer renais renove rezado rezais riais riste roais rocado rodos sabao
sabido sacado safado sambado sanado sarado satura saturas sebenta secado secunda sedenta seguida
seira seiscentas seita seleta semita senta sento sesta setecentas sinal situarao sobra sobrar
socobro suais tatus tcheca tendente tendentes tento teria terna terra tidos tinta tocos todas
toldos tolos tonta tonto tontos topos torca toros traze treme trepe trezentas trina trinca turca
vagaram vagos vagou veira vencam vencia vencias vende vendem vendendo vender vendeu vendida
vendidas vendido vendidos vente ventem vento veridica vinde visando visar vista viste zerar
`
  .split(/\s+/)
  .filter(Boolean);
