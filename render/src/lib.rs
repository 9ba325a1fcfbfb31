//! PNG pictures of the table, boards, hands and cards, drawn from engine views.
