import { cancelarReserva } from './cancelar-reserva';
import { aplicarPenalidade } from './aplicar-penalidade';
import { cobrarTaxaReserva } from './cobrar-taxa-reserva';
import { criarReserva } from './criar-reserva';
import { listarReservas } from './listar-reservas';
import { publicarAviso } from './publicar-aviso';
import { registrarConvidados, removerConvidados } from './registrar-convidados';
import { cancelarSolicitacao, solicitarFornecedor } from './solicitar-fornecedor';
import { verificarDisponibilidade } from './verificar-disponibilidade';
import { verOcupacao } from './ver-ocupacao';

/** The condominium pack's tools (seed 003's names); writes require confirmation. */
export const condominioTools = [
  verificarDisponibilidade,
  criarReserva,
  listarReservas,
  cancelarReserva,
  publicarAviso,
  verOcupacao,
  aplicarPenalidade,
  registrarConvidados,
  removerConvidados,
  solicitarFornecedor,
  cancelarSolicitacao,
  cobrarTaxaReserva,
];
