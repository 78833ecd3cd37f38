# plan messages (en).
