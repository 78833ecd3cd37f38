# plan messages (ru).
